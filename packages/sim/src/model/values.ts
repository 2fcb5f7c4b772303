// Lexical checks for the TR-106 types a CPE stores (TR-069 Amendment 6, A.2.1). A value that does not fit
// its parameter's type earns fault 9007; a value sent with another xsi:type earns 9006.

export const XSD_TYPES = [
  'xsd:string',
  'xsd:int',
  'xsd:unsignedInt',
  'xsd:long',
  'xsd:unsignedLong',
  'xsd:boolean',
  'xsd:dateTime',
  'xsd:base64',
  'xsd:hexBinary',
  'xsd:decimal',
] as const;

export type XsdTypeName = (typeof XSD_TYPES)[number];

/** Normalises the spellings seen in the wild (`soap-enc:base64`, `xsd:base64Binary`, no prefix). */
export function normalizeType(type: string | undefined | null): XsdTypeName {
  if (!type) return 'xsd:string';
  const local = type.includes(':') ? type.slice(type.indexOf(':') + 1) : type;
  if (local === 'base64Binary' || local === 'base64') return 'xsd:base64';
  const candidate = `xsd:${local}` as XsdTypeName;
  return (XSD_TYPES as readonly string[]).includes(candidate) ? candidate : 'xsd:string';
}

const INT_RE = /^[+-]?\d+$/;
const UINT_RE = /^\+?\d+$/;
const DATETIME_RE = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const BASE64_RE = /^[A-Za-z0-9+/\s]*={0,2}$/;
const HEX_RE = /^([0-9A-Fa-f]{2})*$/;
const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function inRange(text: string, min: bigint, max: bigint): boolean {
  const n = BigInt(text);
  return n >= min && n <= max;
}

/** Whether `value` is a valid lexical form of `type`. */
export function isValidValue(type: XsdTypeName, value: string): boolean {
  switch (type) {
    case 'xsd:string':
      return true;
    case 'xsd:boolean':
      return value === 'true' || value === 'false' || value === '1' || value === '0';
    case 'xsd:int':
      return INT_RE.test(value) && inRange(value, -(2n ** 31n), 2n ** 31n - 1n);
    case 'xsd:unsignedInt':
      return UINT_RE.test(value) && inRange(value, 0n, 2n ** 32n - 1n);
    case 'xsd:long':
      return INT_RE.test(value) && inRange(value, -(2n ** 63n), 2n ** 63n - 1n);
    case 'xsd:unsignedLong':
      return UINT_RE.test(value) && inRange(value, 0n, 2n ** 64n - 1n);
    case 'xsd:dateTime':
      return DATETIME_RE.test(value);
    case 'xsd:base64':
      return BASE64_RE.test(value);
    case 'xsd:hexBinary':
      return HEX_RE.test(value);
    case 'xsd:decimal':
      return DECIMAL_RE.test(value);
  }
}

/** A neutral value of a type, for parameters whose value a dump did not capture. */
export function defaultValue(type: XsdTypeName): string {
  switch (type) {
    case 'xsd:boolean':
      return 'false';
    case 'xsd:int':
    case 'xsd:unsignedInt':
    case 'xsd:long':
    case 'xsd:unsignedLong':
    case 'xsd:decimal':
      return '0';
    case 'xsd:dateTime':
      return '0001-01-01T00:00:00Z';
    default:
      return '';
  }
}
