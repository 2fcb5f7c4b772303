// Read helpers for RPC arguments. The CWMP schemas (cwmp-1-N.xsd) leave children unqualified, but
// some CPEs qualify them, so every lookup is by local name. Optional arguments fall back to a
// default with a CWMP_WARN_MISSING_FIELD warning; required ones fail with CWMP_ERR_MISSING_ELEMENT.
import { CwmpParseError } from './errors';
import type { CwmpWarning, CwmpWarningCode } from './errors';
import { attrByLocalName, childNamed, childrenOf } from './xml/element';
import type { XmlElement } from './xml/element';

/** Per-call decoding state: the warnings collected so far. */
export interface DecodeContext {
  readonly warnings: CwmpWarning[];
}

export function warn(ctx: DecodeContext, code: CwmpWarningCode, message: string): void {
  ctx.warnings.push({ code, message });
}

export type Presence = 'required' | 'optional';

function absent(ctx: DecodeContext, el: XmlElement, name: string, presence: Presence): void {
  if (presence === 'required') {
    throw new CwmpParseError('CWMP_ERR_MISSING_ELEMENT', `${el.name} has no ${name}`);
  }
  warn(ctx, 'CWMP_WARN_MISSING_FIELD', `${el.name} has no ${name}; default used`);
}

/** Required child element. */
export function requireChild(el: XmlElement, name: string): XmlElement {
  const c = childNamed(el, name);
  if (c === undefined) throw new CwmpParseError('CWMP_ERR_MISSING_ELEMENT', `${el.name} has no ${name}`);
  return c;
}

export function readString(ctx: DecodeContext, el: XmlElement, name: string, presence: Presence): string {
  const c = childNamed(el, name);
  if (c === undefined) {
    absent(ctx, el, name, presence);
    return '';
  }
  return c.text;
}

/** Optional string argument that is left out of the message entirely when absent. */
export function readOptionalString(el: XmlElement, name: string): string | undefined {
  return childNamed(el, name)?.text;
}

function parseInteger(el: XmlElement, name: string, text: string, min: number, max: number): number {
  const t = text.trim();
  let ok = t.length > 0 && t.length <= 16;
  for (let i = 0; ok && i < t.length; i++) {
    const ch = t.charCodeAt(i);
    ok = (ch >= 48 && ch <= 57) || (i === 0 && (ch === 45 || ch === 43) && t.length > 1);
  }
  const n = ok ? Number(t) : NaN;
  if (!(n >= min && n <= max)) {
    throw new CwmpParseError(
      'CWMP_ERR_INVALID_VALUE',
      `${el.name}/${name}: "${t.slice(0, 40)}" is not valid`,
    );
  }
  return n;
}

function readInteger(
  ctx: DecodeContext,
  el: XmlElement,
  name: string,
  presence: Presence,
  min: number,
  max: number,
): number {
  const c = childNamed(el, name);
  if (c === undefined || (presence === 'optional' && c.text.trim() === '')) {
    absent(ctx, el, name, presence);
    return 0;
  }
  return parseInteger(el, name, c.text, min, max);
}

/** xsd:unsignedInt argument. */
export function readUnsignedInt(
  ctx: DecodeContext,
  el: XmlElement,
  name: string,
  presence: Presence,
): number {
  // Accept up to 2^53 rather than 2^32: FileSize (TR-069 Amendment 6, A.3.2.8) overflows in the wild.
  return readInteger(ctx, el, name, presence, 0, Number.MAX_SAFE_INTEGER);
}

/** xsd:int argument. */
export function readInt(ctx: DecodeContext, el: XmlElement, name: string, presence: Presence): number {
  return readInteger(ctx, el, name, presence, -2147483648, 2147483647);
}

/** xsd:boolean argument (true/false/1/0). */
export function readBoolean(ctx: DecodeContext, el: XmlElement, name: string, presence: Presence): boolean {
  const c = childNamed(el, name);
  if (c === undefined) {
    absent(ctx, el, name, presence);
    return false;
  }
  const t = c.text.trim();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new CwmpParseError(
    'CWMP_ERR_INVALID_VALUE',
    `${el.name}/${name}: "${t.slice(0, 40)}" is not a boolean`,
  );
}

/**
 * Items of a SOAP-encoded array child (TR-069 Amendment 6, 3.5). CPEs send arrayType missing or wrong,
 * so be lenient (warn), and accept any item element name.
 */
export function readArray<T>(
  ctx: DecodeContext,
  el: XmlElement,
  name: string,
  itemType: string,
  presence: Presence,
  readItem: (item: XmlElement) => T,
): T[] {
  const arr = childNamed(el, name);
  if (arr === undefined) {
    absent(ctx, el, name, presence);
    return [];
  }
  const items = childrenOf(arr);
  checkArrayType(ctx, arr, itemType, items.length);
  const out = new Array<T>(items.length);
  for (let i = 0; i < items.length; i++) out[i] = readItem(items[i] as XmlElement);
  return out;
}

/** Compares soap-enc:arrayType ("cwmp:ParameterValueStruct[3]") with the items found. */
export function checkArrayType(ctx: DecodeContext, arr: XmlElement, itemType: string, count: number): void {
  const at = attrByLocalName(arr, 'arrayType');
  if (at === undefined) {
    warn(ctx, 'CWMP_WARN_ARRAY_TYPE', `${arr.name} has no arrayType`);
    return;
  }
  const open = at.lastIndexOf('[');
  const colon = at.indexOf(':');
  const type = at.slice(colon + 1, open === -1 ? at.length : open);
  const n = open === -1 ? NaN : Number(at.slice(open + 1, at.length - 1));
  if (type !== itemType || n !== count) {
    warn(ctx, 'CWMP_WARN_ARRAY_TYPE', `${arr.name} declares ${at} but holds ${count} ${itemType}`);
  }
}

/** An xsd:string[] argument. */
export function readStringArray(
  ctx: DecodeContext,
  el: XmlElement,
  name: string,
  presence: Presence,
): string[] {
  return readArray(ctx, el, name, 'string', presence, (item) => item.text);
}
