// The one escape helper: every name and value the encoder places into XML passes through here.
import { CwmpEncodeError } from '../errors';

function needsWork(c: number): boolean {
  // & < > " ' and every C0 control (CR must become &#13; or it would be normalised to LF on decode).
  return c === 38 || c === 60 || c === 62 || c === 34 || c === 39 || c < 32 || c === 0xfffe || c === 0xffff;
}

function escapeFrom(s: string, first: number): string {
  let out = s.slice(0, first);
  let last = first;
  for (let i = first; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!needsWork(c)) continue;
    let rep: string;
    switch (c) {
      case 38:
        rep = '&amp;';
        break;
      case 60:
        rep = '&lt;';
        break;
      case 62:
        rep = '&gt;';
        break;
      case 34:
        rep = '&quot;';
        break;
      case 39:
        rep = '&apos;';
        break;
      case 9:
        rep = '&#9;';
        break;
      case 10:
        rep = '&#10;';
        break;
      case 13:
        rep = '&#13;';
        break;
      default:
        throw new CwmpEncodeError(
          'CWMP_ERR_INVALID_CHAR',
          `U+${c.toString(16).padStart(4, '0')} cannot be carried by XML 1.0`,
        );
    }
    out += s.slice(last, i) + rep;
    last = i + 1;
  }
  return out + s.slice(last);
}

/**
 * Escapes a string for XML text or a double- or single-quoted attribute value. Tab, LF and CR
 * become character references so that they survive attribute and line-end normalisation.
 * Throws CwmpEncodeError(CWMP_ERR_INVALID_CHAR) for characters XML 1.0 cannot carry.
 */
export function escapeXml(s: string): string {
  for (let i = 0; i < s.length; i++) {
    if (needsWork(s.charCodeAt(i))) return escapeFrom(s, i);
  }
  return s;
}
