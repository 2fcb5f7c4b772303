// Write helpers for RPC arguments: every text goes through escapeXml (style rule 3).
import { CwmpEncodeError } from './errors';
import { escapeXml } from './xml/escape';

/** <tag>escaped text</tag> */
export function writeString(tag: string, value: string): string {
  return `<${tag}>${escapeXml(value)}</${tag}>`;
}

/** <tag>integer</tag>; refuses NaN, fractions and infinities. */
export function writeInteger(tag: string, value: number): string {
  if (!Number.isSafeInteger(value)) {
    throw new CwmpEncodeError('CWMP_ERR_ENCODE_VALUE', `${tag} must be an integer, got ${String(value)}`);
  }
  return `<${tag}>${value}</${tag}>`;
}

/** <tag>1</tag> or <tag>0</tag>: some CPEs accept only 0/1 for a boolean. */
export function writeBoolean(tag: string, value: boolean): string {
  return value ? `<${tag}>1</${tag}>` : `<${tag}>0</${tag}>`;
}

/** A SOAP-encoded array with soap-enc:arrayType="<arrayType>[N]" (TR-069 Amendment 6, 3.5). */
export function writeArray<T>(
  tag: string,
  arrayType: string,
  items: readonly T[],
  writeItem: (item: T) => string,
): string {
  let out = `<${tag} soap-enc:arrayType="${escapeXml(arrayType)}[${items.length}]">`;
  for (let i = 0; i < items.length; i++) out += writeItem(items[i] as T);
  return out + `</${tag}>`;
}

/** An xsd:string[] array whose items are <string>. */
export function writeStringArray(tag: string, items: readonly string[]): string {
  return writeArray(tag, 'xsd:string', items, (s) => writeString('string', s));
}
