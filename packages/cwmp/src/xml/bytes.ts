// Turning request bytes into text. CPEs mostly send UTF-8, but captured CPEs also
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
  let end = 5;
  while (end < bytes.length && end < 256 && bytes[end] !== 0x3e) end++; // '>'
  const head = String.fromCharCode.apply(null, bytes.subarray(5, end) as unknown as number[]);
  const m = /encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head);
  return m?.[1];
}

/** UTF-8, the encoding CWMP expects, decoded strictly; one decoder serves every message. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629 §4: no
 * overlong forms, no surrogates, nothing above U+10FFFF), or -1. Run only once decoding has failed.
 */
export function invalidUtf8Offset(b: Uint8Array): number {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined || d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/**
 * Fatal for UTF-8: replacing bad bytes with U+FFFD would store a device identity or parameter value
 * the CPE never sent. A CPE that sends Latin-1 without saying so is told how to say so.
 */
function strictUtf8(bytes: Uint8Array): string {
  try {
    // TextDecoder strips a UTF-8 byte order mark itself.
    return STRICT_UTF8.decode(bytes);
  } catch {
    throw new CwmpParseError(
      'CWMP_ERR_ENCODING',
      `the message is not valid UTF-8 (first invalid byte at offset ${invalidUtf8Offset(bytes)}); ` +
        'send UTF-8, or declare the encoding actually used, e.g. <?xml version="1.0" encoding="ISO-8859-1"?>',
    );
  }
}

/** Decodes request bytes to a string per BOM or XML declaration; UTF-8 by default. */
export function decodeBytes(bytes: Uint8Array, warnings: CwmpWarning[]): string {
  let label: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else label = declaredEncoding(bytes) ?? 'utf-8';
  if (label === 'utf-8' || label === 'UTF-8') return strictUtf8(bytes);
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    // TextDecoder strips a matching BOM itself. WHATWG maps ISO-8859-1 to windows-1252, a superset.
    decoder = new TextDecoder(label);
  } catch {
    throw new CwmpParseError(
      'CWMP_ERR_ENCODING',
      `unsupported encoding "${label}"; send UTF-8, or declare an encoding such as ISO-8859-1`,
    );
  }
  if (decoder.encoding === 'utf-8') return strictUtf8(bytes);
  const text = decoder.decode(bytes);
  if (text.indexOf('\ufffd') !== -1) {
    warnings.push({
      code: 'CWMP_WARN_REPLACEMENT_CHAR',
      message: `bytes not valid as ${decoder.encoding}; replaced by U+FFFD`,
    });
  }
  return text;
}
