// Turning request bytes into text. cwmp-reference §2: XML should be UTF-8, but captured CPEs also
// declare ISO-8859-1, so the encoding comes from the byte order mark or the XML declaration,
// defaulting to UTF-8 (XML 1.0 §4.3.3, Appendix F).
import { CwmpParseError } from '../errors';
import type { CwmpWarning } from '../errors';

/** Reads encoding="..." from an XML declaration at the start of the bytes (ASCII-compatible). */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  // "<?xml"
  if (bytes[0] !== 0x3c || bytes[1] !== 0x3f || bytes[2] !== 0x78 || bytes[3] !== 0x6d || bytes[4] !== 0x6c) {
    return undefined;
  }
  let head = '';
  for (let i = 5; i < bytes.length && i < 256; i++) {
    const b = bytes[i] as number;
    if (b === 0x3e) break; // '>'
    head += String.fromCharCode(b);
  }
  const m = /encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head);
  return m?.[1];
}

/** Decodes request bytes to a string per BOM or XML declaration; UTF-8 by default. */
export function decodeBytes(bytes: Uint8Array, warnings: CwmpWarning[]): string {
  let label: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else label = declaredEncoding(bytes) ?? 'utf-8';
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    // TextDecoder strips a matching BOM itself. WHATWG maps ISO-8859-1 to windows-1252, a superset.
    decoder = new TextDecoder(label);
  } catch {
    throw new CwmpParseError('CWMP_ERR_ENCODING', `unsupported encoding "${label}"`);
  }
  const text = decoder.decode(bytes);
  if (text.indexOf('\ufffd') !== -1) {
    warnings.push({
      code: 'CWMP_WARN_REPLACEMENT_CHAR',
      message: `bytes not valid as ${decoder.encoding}; replaced by U+FFFD`,
    });
  }
  return text;
}
