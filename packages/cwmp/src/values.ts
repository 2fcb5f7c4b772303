// TR-069 Amendment 6, A.2.1: parameter values carry xsi:type; the TR-106 types and how each is typed here.
import type { CwmpWarning } from './errors';

export const XSD_TYPES = [
  'string',
  'int',
  'unsignedInt',
  'long',
  'unsignedLong',
  'boolean',
  'dateTime',
  'base64',
  'hexBinary',
  'decimal',
] as const;

export type XsdType = (typeof XSD_TYPES)[number];

/** The JavaScript type of a parameter's typed value, by xsd type. */
export interface XsdValueTypes {
  string: string;
  int: number;
  unsignedInt: number;
  long: bigint;
  unsignedLong: bigint;
  boolean: boolean;
  dateTime: string;
  base64: string;
  hexBinary: string;
  decimal: number;
}

interface ParameterValueOf<T extends XsdType> {
  /** Full parameter name, e.g. "Device.DeviceInfo.SoftwareVersion". */
  name: string;
  type: T;
  /** Typed value; null when `raw` is not a valid lexical form of `type` (a warning says so). */
  value: XsdValueTypes[T] | null;
  /** The text as it travels on the wire (entities decoded). encode() writes this, not `value`. */
  raw: string;
  /** The xsi:type to write instead of `xsd:<type>`, set when the CPE used another spelling. */
  xsiType?: string;
}

/** A ParameterValueStruct: name, type, typed value and raw text. Discriminated by `type`. */
export type ParameterValue = { [T in XsdType]: ParameterValueOf<T> }[XsdType];

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const UINT32_MAX = 4294967295;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** The values each integer type holds (XSD; TR-106 3.2), as a person reads them. */
const INTEGER_RANGES: Readonly<Partial<Record<XsdType, string>>> = {
  int: `${INT32_MIN} to ${INT32_MAX}`,
  unsignedInt: `0 to ${UINT32_MAX}`,
  long: `${INT64_MIN} to ${INT64_MAX}`,
  unsignedLong: `0 to ${UINT64_MAX}`,
};

function trimXml(s: string): string {
  // XSD whiteSpace="collapse" for everything but string: surrounding whitespace is not data.
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  return first <= 32 || last <= 32 ? s.trim() : s;
}

/** Is `s` an optional sign followed by one or more ASCII digits? */
function isInteger(s: string): boolean {
  const n = s.length;
  let i = 0;
  const c0 = s.charCodeAt(0);
  if (c0 === 45 || c0 === 43) i = 1;
  if (i === n) return false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Parses wire text as `type`. Returns null for an invalid lexical form. Out-of-range integers are
 * kept (CPEs do overflow their declared types) but reported in `warnings` when given.
 */
export function parseTypedValue<T extends XsdType>(
  type: T,
  raw: string,
  warnings?: CwmpWarning[],
): XsdValueTypes[T] | null;
export function parseTypedValue(
  type: XsdType,
  raw: string,
  warnings?: CwmpWarning[],
): XsdValueTypes[XsdType] | null {
  switch (type) {
    case 'string':
    case 'base64':
    case 'hexBinary':
      return raw;
    case 'dateTime':
      return trimXml(raw);
    case 'boolean': {
      const t = trimXml(raw);
      if (t === 'true' || t === '1') return true;
      if (t === 'false' || t === '0') return false;
      return null;
    }
    case 'int':
    case 'unsignedInt': {
      const t = trimXml(raw);
      if (!isInteger(t)) return null;
      const n = Number(t);
      const bad = type === 'int' ? n < INT32_MIN || n > INT32_MAX : n < 0 || n > UINT32_MAX;
      if (bad)
        warnings?.push({ code: 'CWMP_WARN_INVALID_VALUE', message: `${t} is out of range for ${type}` });
      return n;
    }
    case 'long':
    case 'unsignedLong': {
      const t = trimXml(raw);
      if (!isInteger(t)) return null;
      const n = BigInt(t);
      const bad = type === 'long' ? n < INT64_MIN || n > INT64_MAX : n < 0n || n > UINT64_MAX;
      if (bad)
        warnings?.push({ code: 'CWMP_WARN_INVALID_VALUE', message: `${t} is out of range for ${type}` });
      return n;
    }
    case 'decimal': {
      const t = trimXml(raw);
      return DECIMAL.test(t) ? Number(t) : null;
    }
  }
}

/**
 * Why `raw` cannot be written to a router as `type`, or null when it can. Stricter than reading
 * (parseTypedValue keeps an overflow a router reported, with a warning): a router refuses a whole
 * SetParameterValues (fault 9007) for one value out of its type's range, the good values with it.
 */
export function writableValueProblem(type: XsdType, raw: string): string | null {
  const outOfRange: CwmpWarning[] = [];
  if (parseTypedValue(type, raw, outOfRange) === null) return `is not a valid ${type}`;
  if (outOfRange.length > 0) return `is out of range for ${type} (${INTEGER_RANGES[type]})`;
  return null;
}

/** Canonical wire text for a typed value (booleans as "true"/"false"). */
export function formatTypedValue<T extends XsdType>(type: T, value: XsdValueTypes[T]): string;
export function formatTypedValue(type: XsdType, value: XsdValueTypes[XsdType]): string {
  if (type === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/** Builds a ParameterValue from a typed value, computing `raw`. */
export function parameterValue<T extends XsdType>(
  name: string,
  type: T,
  value: XsdValueTypes[T],
): ParameterValue {
  return { name, type, value, raw: formatTypedValue(type, value) } as ParameterValue;
}

/**
 * Maps the local part of an xsi:type (prefix already stripped) to an XsdType. Seen from CPEs:
 * base64 arrives as xsd:base64, soap-enc:base64 or xsd:base64Binary.
 */
export function xsdTypeOfLocalName(local: string): XsdType | undefined {
  switch (local) {
    case 'string':
    case 'int':
    case 'unsignedInt':
    case 'long':
    case 'unsignedLong':
    case 'boolean':
    case 'dateTime':
    case 'base64':
    case 'hexBinary':
    case 'decimal':
      return local;
    case 'base64Binary':
      return 'base64';
    default:
      return undefined;
  }
}
