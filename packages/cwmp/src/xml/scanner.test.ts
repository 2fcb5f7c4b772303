import { describe, expect, it } from 'vitest';
import { DEFAULT_DECODE_OPTIONS, decode } from '../decode';
import type { DecodeOptions } from '../decode';
import { CwmpParseError } from '../errors';
import type { CwmpErrorCode } from '../errors';
import { namespaceOf } from './element';
import type { XmlElement } from './element';
import { escapeXml } from './escape';
import { parseXml } from './scanner';

const LIMITS = { ...DEFAULT_DECODE_OPTIONS, maxElements: 1000, maxTextLength: 1000 };
const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';

function codeOf(fn: () => unknown): CwmpErrorCode {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(CwmpParseError);
    return (e as CwmpParseError).code;
  }
  throw new Error('no error');
}

const parseCode = (xml: string) => codeOf(() => parseXml(xml, LIMITS));
const decodeCode = (xml: string, options?: DecodeOptions) => codeOf(() => decode(xml, options));

function rebootWithKey(key: string, header = ''): string {
  return `<s:Envelope xmlns:s="${SOAP}">${header}<s:Body><c:Reboot xmlns:c="urn:dslforum-org:cwmp-1-0"><CommandKey>${key}</CommandKey></c:Reboot></s:Body></s:Envelope>`;
}

/** A Reboot whose Header holds `elements` (e.g. one carrying many attributes). */
const rebootWithHeader = (elements: string) => rebootWithKey('k', `<s:Header>${elements}</s:Header>`);

/** ` xmlns:p0="urn:x:0" xmlns:p1="urn:x:1" ...`, `n` namespace declarations. */
const declarations = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ` xmlns:p${from + i}="urn:x:${from + i}"`).join('');

/** ` a0="v" a1="v" ...`, `n` ordinary attributes. */
const attributes = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="v"`).join('');

describe('XML scanner: safety', () => {
  it('rejects a DOCTYPE', () => {
    expect(parseCode('<!DOCTYPE foo><foo/>')).toBe('CWMP_ERR_DOCTYPE');
    expect(parseCode('<?xml version="1.0"?>\n<!doctype foo SYSTEM "file:///etc/passwd"><foo/>')).toBe(
      'CWMP_ERR_DOCTYPE',
    );
  });

  it('rejects an external entity declaration (XXE)', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    expect(decodeCode(xxe)).toBe('CWMP_ERR_DOCTYPE');
  });

  it('rejects billion laughs', () => {
    const lol =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>' +
      '<lolz>&lol2;</lolz>';
    expect(decodeCode(lol)).toBe('CWMP_ERR_DOCTYPE');
  });

  it('rejects an entity declaration outside a DOCTYPE and an undeclared entity', () => {
    expect(parseCode('<a><!ENTITY x "y"></a>')).toBe('CWMP_ERR_DOCTYPE');
    expect(parseCode('<a>&x;</a>')).toBe('CWMP_ERR_XML_ENTITY');
    expect(parseCode('<a>AT&T</a>')).toBe('CWMP_ERR_XML_ENTITY');
    expect(parseCode('<a>&#0;</a>')).toBe('CWMP_ERR_XML_ENTITY');
    expect(parseCode('<a>&#xD800;</a>')).toBe('CWMP_ERR_XML_ENTITY');
    expect(parseCode('<a b="&bogus;"/>')).toBe('CWMP_ERR_XML_ENTITY');
  });
});

describe('XML scanner: limits (each an option with a default)', () => {
  it('maxBytes', () => {
    const xml = rebootWithKey('k');
    expect(decodeCode(xml, { maxBytes: xml.length - 1 })).toBe('CWMP_ERR_INPUT_TOO_LARGE');
    expect(codeOf(() => decode(new TextEncoder().encode(xml), { maxBytes: 10 }))).toBe(
      'CWMP_ERR_INPUT_TOO_LARGE',
    );
    expect(decode(xml, { maxBytes: xml.length }).message.name).toBe('Reboot');
  });

  it('maxDepth', () => {
    const deep = rebootWithKey('<a>'.repeat(40) + '</a>'.repeat(40));
    expect(decodeCode(deep)).toBe('CWMP_ERR_DEPTH_LIMIT');
    expect(decodeCode(rebootWithKey('k'), { maxDepth: 3 })).toBe('CWMP_ERR_DEPTH_LIMIT');
    expect(decode(rebootWithKey('k'), { maxDepth: 4 }).message.name).toBe('Reboot');
  });

  it('maxDepth holds for a million unclosed tags without a stack overflow', () => {
    expect(decodeCode('<a>'.repeat(1_000_000), { maxBytes: 1e8 })).toBe('CWMP_ERR_DEPTH_LIMIT');
  });

  it('maxElements', () => {
    expect(decodeCode(rebootWithKey('k'), { maxElements: 3 })).toBe('CWMP_ERR_ELEMENT_LIMIT');
    expect(decode(rebootWithKey('k'), { maxElements: 4 }).message.name).toBe('Reboot');
    const wide = `<s:Envelope xmlns:s="${SOAP}">${'<x/>'.repeat(300_000)}</s:Envelope>`;
    expect(decodeCode(wide)).toBe('CWMP_ERR_ELEMENT_LIMIT');
  });

  it('maxTextLength, for text, CDATA and text split by comments', () => {
    expect(decodeCode(rebootWithKey('x'.repeat(11)), { maxTextLength: 10 })).toBe('CWMP_ERR_TEXT_LIMIT');
    expect(decodeCode(rebootWithKey(`<![CDATA[${'x'.repeat(11)}]]>`), { maxTextLength: 10 })).toBe(
      'CWMP_ERR_TEXT_LIMIT',
    );
    expect(decodeCode(rebootWithKey('xxxxxx<!---->xxxxxx'), { maxTextLength: 10 })).toBe(
      'CWMP_ERR_TEXT_LIMIT',
    );
    expect(decode(rebootWithKey('x'.repeat(10)), { maxTextLength: 10 }).message).toStrictEqual({
      name: 'Reboot',
      commandKey: 'x'.repeat(10),
    });
  });
});

describe('XML scanner: limits on names, attributes and namespace declarations', () => {
  it('maxNameLength, for element and attribute names', () => {
    const long = 'x'.repeat(DEFAULT_DECODE_OPTIONS.maxNameLength);
    expect(decode(rebootWithHeader(`<${long}/><y ${long}="v"/>`)).message.name).toBe('Reboot');
    expect(decodeCode(rebootWithHeader(`<${long}x/>`))).toBe('CWMP_ERR_NAME_LIMIT');
    expect(decodeCode(rebootWithHeader(`<y ${long}x="v"/>`))).toBe('CWMP_ERR_NAME_LIMIT');
    // "s:Envelope" and "CommandKey" are the longest names of the Reboot.
    expect(decodeCode(rebootWithKey('k'), { maxNameLength: 9 })).toBe('CWMP_ERR_NAME_LIMIT');
    expect(decode(rebootWithKey('k'), { maxNameLength: 10 }).message.name).toBe('Reboot');
  });

  it('leaves a megabyte name out of the error message', () => {
    try {
      decode(rebootWithHeader(`<${'x'.repeat(1_000_000)}/>`));
      expect.unreachable();
    } catch (e) {
      expect((e as CwmpParseError).code).toBe('CWMP_ERR_NAME_LIMIT');
      expect((e as CwmpParseError).message.length).toBeLessThan(200);
    }
  });

  it('maxAttributes, not counting namespace declarations', () => {
    const max = DEFAULT_DECODE_OPTIONS.maxAttributes;
    expect(decode(rebootWithHeader(`<y${attributes(max)}${declarations(8)}/>`)).message.name).toBe('Reboot');
    expect(decodeCode(rebootWithHeader(`<y${attributes(max + 1)}/>`))).toBe('CWMP_ERR_ATTRIBUTE_LIMIT');
    expect(decodeCode(rebootWithHeader('<y a="1" b="2"/>'), { maxAttributes: 1 })).toBe(
      'CWMP_ERR_ATTRIBUTE_LIMIT',
    );
    expect(decode(rebootWithHeader('<y a="1"/>'), { maxAttributes: 1 }).message.name).toBe('Reboot');
  });

  it('maxAttributeValueLength, for attribute values and namespace URIs, counted as written', () => {
    const max = DEFAULT_DECODE_OPTIONS.maxAttributeValueLength;
    expect(decode(rebootWithHeader(`<y a="${'v'.repeat(max)}"/>`)).message.name).toBe('Reboot');
    expect(decodeCode(rebootWithHeader(`<y a="${'v'.repeat(max + 1)}"/>`))).toBe('CWMP_ERR_ATTRIBUTE_LIMIT');
    expect(decodeCode(rebootWithHeader(`<y a="${'&amp;'.repeat(max)}"/>`))).toBe('CWMP_ERR_ATTRIBUTE_LIMIT');
    // The SOAP envelope namespace URI is the longest value of the Reboot: 41 characters.
    expect(decodeCode(rebootWithKey('k'), { maxAttributeValueLength: 40 })).toBe('CWMP_ERR_ATTRIBUTE_LIMIT');
    expect(decode(rebootWithKey('k'), { maxAttributeValueLength: 41 }).message.name).toBe('Reboot');
  });

  it('maxNamespacesPerElement', () => {
    const max = DEFAULT_DECODE_OPTIONS.maxNamespacesPerElement;
    expect(decode(rebootWithHeader(`<y${declarations(max)}/>`)).message.name).toBe('Reboot');
    expect(decodeCode(rebootWithHeader(`<y${declarations(max + 1)}/>`))).toBe('CWMP_ERR_NAMESPACE_LIMIT');
    expect(
      decodeCode(rebootWithHeader('<y xmlns="urn:a" xmlns:b="urn:b"/>'), { maxNamespacesPerElement: 1 }),
    ).toBe('CWMP_ERR_NAMESPACE_LIMIT');
    expect(decode(rebootWithKey('k'), { maxNamespacesPerElement: 1 }).message.name).toBe('Reboot');
  });

  it('maxNamespaces, over the whole document', () => {
    const max = DEFAULT_DECODE_OPTIONS.maxNamespaces;
    const per = DEFAULT_DECODE_OPTIONS.maxNamespacesPerElement;
    /** Header elements declaring `n` namespaces in all, `per` on each. */
    const spread = (n: number) =>
      Array.from(
        { length: Math.ceil(n / per) },
        (_, k) => `<y${declarations(Math.min(per, n - k * per), k * per)}/>`,
      ).join('');
    // The Reboot itself declares two (s and c).
    expect(decode(rebootWithHeader(spread(max - 2))).message.name).toBe('Reboot');
    expect(decodeCode(rebootWithHeader(spread(max - 1)))).toBe('CWMP_ERR_NAMESPACE_LIMIT');
    expect(decodeCode(rebootWithKey('k'), { maxNamespaces: 1 })).toBe('CWMP_ERR_NAMESPACE_LIMIT');
    expect(decode(rebootWithKey('k'), { maxNamespaces: 2 }).message.name).toBe('Reboot');
  });

  it('refuses the Inform of the finding: 250,000 namespace declarations on the Envelope (6.7 MB)', () => {
    const xml = rebootWithKey('k').replace('<s:Envelope ', `<s:Envelope${declarations(250_000)} `);
    expect(xml.length).toBeGreaterThan(6_000_000);
    expect(decodeCode(xml)).toBe('CWMP_ERR_NAMESPACE_LIMIT');
  });
});

describe('XML scanner: well-formedness', () => {
  it.each([
    ['<a><b></a>', 'CWMP_ERR_XML_SYNTAX'],
    ['<a></b>', 'CWMP_ERR_XML_SYNTAX'],
    ['<a/><b/>', 'CWMP_ERR_XML_SYNTAX'],
    ['text<a/>', 'CWMP_ERR_XML_SYNTAX'],
    ['<a/>text', 'CWMP_ERR_XML_SYNTAX'],
    ['</a>', 'CWMP_ERR_XML_SYNTAX'],
    ['<a b=c/>', 'CWMP_ERR_XML_SYNTAX'],
    ['<a b/>', 'CWMP_ERR_XML_SYNTAX'],
    ['<a b="<"/>', 'CWMP_ERR_XML_SYNTAX'],
    ['< a/>', 'CWMP_ERR_XML_SYNTAX'],
    ['<a><!FOO></a>', 'CWMP_ERR_XML_SYNTAX'],
    ['<!-- only a comment -->', 'CWMP_ERR_XML_SYNTAX'],
    ['<a>', 'CWMP_ERR_XML_TRUNCATED'],
    ['<a', 'CWMP_ERR_XML_TRUNCATED'],
    ['<a b="1', 'CWMP_ERR_XML_TRUNCATED'],
    ['<a><!-- x', 'CWMP_ERR_XML_TRUNCATED'],
    ['<a><![CDATA[x', 'CWMP_ERR_XML_TRUNCATED'],
    ['<a></a', 'CWMP_ERR_XML_TRUNCATED'],
    ['<?xml', 'CWMP_ERR_XML_TRUNCATED'],
  ])('%s → %s', (xml, code) => {
    expect(parseCode(xml)).toBe(code);
  });

  it('keeps children in document order, whatever their number, and text only on leaves', () => {
    const names = (el: XmlElement | undefined) => el?.children?.map((c) => c.name) ?? [];
    const root = parseXml('<r><a><x/></a><b>t<x/><y/></b><c><x/><y/><z/><w/></c>u</r>', LIMITS);
    expect(names(root)).toStrictEqual(['a', 'b', 'c']);
    const [a, b, c] = root.children!;
    expect(names(a)).toStrictEqual(['x']);
    expect(names(b)).toStrictEqual(['x', 'y']);
    expect(names(c)).toStrictEqual(['x', 'y', 'z', 'w']);
    expect([root.text, b!.text, b!.children![0]!.text]).toStrictEqual(['', '', '']);
  });

  it('normalises line ends but keeps a CR written as &#13;', () => {
    expect(parseXml('<a>x\r\ny\rz&#13;</a>', LIMITS).text).toBe('x\ny\nz\r');
  });

  it('resolves namespaces per scope, including redeclared prefixes', () => {
    const root = parseXml('<p:a xmlns:p="urn:1"><p:b xmlns:p="urn:2"/><p:c/></p:a>', LIMITS);
    const [b, c] = root.children!;
    expect([b!.scope!.uri, c!.scope!.uri]).toStrictEqual(['urn:2', 'urn:1']);
  });

  it('resolves the namespace of each element as it is scanned, restoring what a closed element declared', () => {
    const root = parseXml(
      '<p:a xmlns:p="urn:1" xmlns="urn:d">' +
        '<p:b xmlns:p="urn:2"><p:in/><q:x xmlns:q="urn:q"/><q:y/></p:b>' +
        '<p:c/><e/><f xmlns=""><g/></f><h/><xml:i/><z:j/><p:k xmlns:p="urn:4"/><p:l/>' +
        '</p:a>',
      LIMITS,
    );
    const all: Record<string, string | undefined> = {};
    const visit = (el: XmlElement) => {
      all[el.name] = namespaceOf(el);
      el.children?.forEach(visit);
    };
    visit(root);
    expect(all).toStrictEqual({
      a: 'urn:1',
      b: 'urn:2',
      in: 'urn:2',
      x: 'urn:q',
      y: undefined,
      c: 'urn:1',
      e: 'urn:d',
      f: '',
      g: '',
      h: 'urn:d',
      i: 'http://www.w3.org/XML/1998/namespace',
      j: undefined,
      k: 'urn:4',
      l: 'urn:1',
    });
  });
});

describe('escapeXml', () => {
  it('escapes markup, quotes and whitespace that XML would normalise', () => {
    expect(escapeXml(`a&b<c>d"e'f\tg\nh\ri`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i');
    const plain = 'Device.WiFi.SSID.1.SSID';
    expect(escapeXml(plain)).toBe(plain);
  });

  it('refuses characters XML 1.0 cannot carry', () => {
    expect(() => escapeXml('a\u0000b')).toThrow(/CWMP_ERR_INVALID_CHAR/);
    expect(() => escapeXml('\u001b[0m')).toThrow(/CWMP_ERR_INVALID_CHAR/);
  });
});
