// XML 1.0 §4.6/§4.1: only the five predefined entities and character references exist without a
// DTD, and DTDs are refused (CWMP_ERR_DOCTYPE), so anything else is an error.
import { CwmpParseError } from '../errors';

/** Is `cp` a character XML 1.0 (§2.2) allows? */
export function isXmlChar(cp: number): boolean {
  return (
    (cp >= 0x20 && cp <= 0xd7ff) ||
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

function charRef(s: string, start: number, end: number): string {
  // start points after "&#", end at ";"
  let cp = 0;
  let i = start;
  const hex = s.charCodeAt(i) === 120; // 'x'
  if (hex) i++;
  if (i === end || end - i > 8)
    throw new CwmpParseError('CWMP_ERR_XML_ENTITY', 'invalid character reference');
  for (; i < end; i++) {
    const c = s.charCodeAt(i);
    let d: number;
    if (c >= 48 && c <= 57) d = c - 48;
    else if (hex && c >= 97 && c <= 102) d = c - 87;
    else if (hex && c >= 65 && c <= 70) d = c - 55;
    else throw new CwmpParseError('CWMP_ERR_XML_ENTITY', 'invalid character reference');
    cp = cp * (hex ? 16 : 10) + d;
  }
  if (!isXmlChar(cp))
    throw new CwmpParseError('CWMP_ERR_XML_ENTITY', `character reference to U+${cp.toString(16)}`);
  return String.fromCodePoint(cp);
}

/** The character of a predefined entity (XML 1.0 §4.6) named s[start, end), or undefined. */
function predefined(s: string, start: number, end: number): string | undefined {
  // Compared in place by character code: slicing each name out first made decoding a text of many
  // references about half again as slow.
  switch (end - start) {
    case 2:
      if (s.charCodeAt(start + 1) !== 116) return undefined; // 't'
      if (s.charCodeAt(start) === 108) return '<';
      if (s.charCodeAt(start) === 103) return '>';
      return undefined;
    case 3:
      return s.startsWith('amp', start) ? '&' : undefined;
    case 4:
      if (s.startsWith('quot', start)) return '"';
      if (s.startsWith('apos', start)) return "'";
      return undefined;
    default:
      return undefined;
  }
}

/** Replaces entity and character references; call only when `s` contains '&'. */
export function decodeEntities(s: string): string {
  let out = '';
  let last = 0;
  let amp = s.indexOf('&');
  while (amp !== -1) {
    const semi = s.indexOf(';', amp + 1);
    if (semi === -1 || semi - amp > 12) {
      throw new CwmpParseError('CWMP_ERR_XML_ENTITY', 'a bare "&" or an unterminated reference');
    }
    let ch: string | undefined;
    if (s.charCodeAt(amp + 1) === 35) ch = charRef(s, amp + 2, semi);
    else {
      ch = predefined(s, amp + 1, semi);
      if (ch === undefined) {
        throw new CwmpParseError('CWMP_ERR_XML_ENTITY', `unknown entity "&${s.slice(amp + 1, semi)};"`);
      }
    }
    out += amp > last ? s.slice(last, amp) + ch : ch;
    last = semi + 1;
    amp = s.indexOf('&', last);
  }
  return out + s.slice(last);
}
