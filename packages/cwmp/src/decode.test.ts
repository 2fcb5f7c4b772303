import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from './decode';
import { CwmpParseError } from './errors';
import type { CwmpErrorCode } from './errors';
import { invalidUtf8Offset } from './xml/bytes';

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';

/** An envelope with arbitrary prefixes: `s` for SOAP, `c` for cwmp. */
function envelope(
  body: string,
  header = '<c:ID s:mustUnderstand="1">42</c:ID>',
  ns = 'urn:dslforum-org:cwmp-1-2',
) {
  return (
    `<s:Envelope xmlns:s="${SOAP}" xmlns:e="http://schemas.xmlsoap.org/soap/encoding/" ` +
    `xmlns:d="http://www.w3.org/2001/XMLSchema" xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns:c="${ns}">` +
    `<s:Header>${header}</s:Header><s:Body>${body}</s:Body></s:Envelope>`
  );
}

function errorCode(input: string | Uint8Array, options?: Parameters<typeof decode>[1]): CwmpErrorCode {
  try {
    decode(input, options);
  } catch (e) {
    expect(e).toBeInstanceOf(CwmpParseError);
    return (e as CwmpParseError).code;
  }
  throw new Error('decoded without error');
}

describe('decode: header', () => {
  it('reads every header element', () => {
    const { envelope: decoded } = decode(
      envelope(
        '<c:InformResponse><MaxEnvelopes>1</MaxEnvelopes></c:InformResponse>',
        '<c:ID>a&amp;b</c:ID><c:HoldRequests>true</c:HoldRequests><c:SessionTimeout>60</c:SessionTimeout>' +
          '<c:SupportedCWMPVersions> 1.0, 1.1,1.2 , 1.4 </c:SupportedCWMPVersions>' +
          '<c:UseCWMPVersion>1.4</c:UseCWMPVersion><c:NoMoreRequests>0</c:NoMoreRequests>',
      ),
    );
    expect(decoded.header).toStrictEqual({
      id: 'a&b',
      holdRequests: true,
      sessionTimeout: 60,
      supportedCwmpVersions: ['1.0', '1.1', '1.2', '1.4'],
      useCwmpVersion: '1.4',
      noMoreRequests: false,
    });
  });

  it('tolerates a missing ID and a missing Header', () => {
    expect(decode(envelope('<c:GetRPCMethods/>', '')).envelope.header).toStrictEqual({});
    const noHeader = `<soap:Envelope xmlns:soap="${SOAP}"><soap:Body><cwmp:Reboot xmlns:cwmp="urn:dslforum-org:cwmp-1-0"><CommandKey>k</CommandKey></cwmp:Reboot></soap:Body></soap:Envelope>`;
    expect(decode(noHeader).envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-0',
      header: {},
      body: { name: 'Reboot', commandKey: 'k' },
    });
  });

  it('warns about an unknown header with mustUnderstand="1"', () => {
    const { warnings } = decode(
      envelope('<c:GetRPCMethods/>', '<x:Odd xmlns:x="urn:other" s:mustUnderstand="1">1</x:Odd>'),
    );
    expect(warnings.map((w) => w.code)).toStrictEqual(['CWMP_WARN_MUST_UNDERSTAND']);
  });
});

describe('decode: namespaces', () => {
  it('matches by namespace URI, not by prefix', () => {
    const xml =
      `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP}"><SOAP-ENV:Body>` +
      `<foo:Reboot xmlns:foo="urn:dslforum-org:cwmp-1-1"><CommandKey>x</CommandKey></foo:Reboot>` +
      `</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
    expect(decode(xml).envelope.namespace).toBe('urn:dslforum-org:cwmp-1-1');
  });

  it('accepts a default-namespace envelope', () => {
    const xml = `<Envelope xmlns="${SOAP}"><Body><Reboot xmlns="urn:dslforum-org:cwmp-1-0"><CommandKey>x</CommandKey></Reboot></Body></Envelope>`;
    expect(decode(xml).message).toStrictEqual({ name: 'Reboot', commandKey: 'x' });
  });

  it.each(['0', '1', '2', '3', '4'])('accepts urn:dslforum-org:cwmp-1-%s', (n) => {
    const ns = `urn:dslforum-org:cwmp-1-${n}`;
    expect(decode(envelope('<c:GetRPCMethods/>', '', ns)).envelope.namespace).toBe(ns);
  });

  it('rejects a body element outside the cwmp namespaces', () => {
    expect(errorCode(envelope('<c:GetRPCMethods/>', '', 'urn:dslforum-org:cwmp-2-0'))).toBe(
      'CWMP_ERR_UNKNOWN_NAMESPACE',
    );
  });

  it('rejects a root that is not a SOAP 1.1 Envelope', () => {
    expect(errorCode('<Envelope xmlns="http://www.w3.org/2003/05/soap-envelope"><Body/></Envelope>')).toBe(
      'CWMP_ERR_NOT_SOAP_ENVELOPE',
    );
    expect(errorCode('<html><body>hi</body></html>')).toBe('CWMP_ERR_NOT_SOAP_ENVELOPE');
  });

  it('accepts an unqualified RPC element with a warning', () => {
    const xml = `<s:Envelope xmlns:s="${SOAP}"><s:Body><Reboot><CommandKey>x</CommandKey></Reboot></s:Body></s:Envelope>`;
    const { message, warnings } = decode(xml);
    expect(message).toStrictEqual({ name: 'Reboot', commandKey: 'x' });
    expect(warnings.map((w) => w.code)).toStrictEqual(['CWMP_WARN_UNQUALIFIED_RPC']);
  });
});

describe('decode: what real routers send', () => {
  it('accepts qualified children', () => {
    const { message } = decode(
      envelope(
        '<c:AddObject><c:ObjectName>Device.X.</c:ObjectName><c:ParameterKey>k</c:ParameterKey></c:AddObject>',
      ),
    );
    expect(message).toStrictEqual({ name: 'AddObject', objectName: 'Device.X.', parameterKey: 'k' });
  });

  it('warns about a missing or wrong arrayType and reads the items anyway', () => {
    const { message, warnings } = decode(
      envelope(
        '<c:GetParameterValues><ParameterNames e:arrayType="d:string[5]"><string>A.</string><string>B.</string></ParameterNames></c:GetParameterValues>',
      ),
    );
    expect(message).toStrictEqual({ name: 'GetParameterValues', parameterNames: ['A.', 'B.'] });
    expect(warnings.map((w) => w.code)).toStrictEqual(['CWMP_WARN_ARRAY_TYPE']);
    const missing = decode(
      envelope(
        '<c:GetParameterValues><ParameterNames><string>A.</string></ParameterNames></c:GetParameterValues>',
      ),
    );
    expect(missing.warnings.map((w) => w.code)).toStrictEqual(['CWMP_WARN_ARRAY_TYPE']);
  });

  it('ignores whitespace, comments and processing instructions, and joins CDATA with text', () => {
    const { message } = decode(
      '\n  <?xml version="1.0"?>\n<!-- lead -->' +
        envelope(
          '<c:Reboot>\n  <!-- c --> <CommandKey>a<![CDATA[<b>&amp;]]><!-- x -->c&#x41;&#66;&lt;&gt;&quot;&apos;</CommandKey>\n</c:Reboot>',
        ) +
        '\n<!-- trail -->\n',
    );
    expect(message).toStrictEqual({ name: 'Reboot', commandKey: 'a<b>&amp;cAB<>"\'' });
  });

  it('strips a UTF-8 byte order mark from text and from bytes', () => {
    const xml = '\ufeff' + envelope('<c:Reboot><CommandKey>é</CommandKey></c:Reboot>');
    expect(decode(xml).message).toStrictEqual({ name: 'Reboot', commandKey: 'é' });
    expect(decode(new TextEncoder().encode(xml)).message).toStrictEqual({ name: 'Reboot', commandKey: 'é' });
  });

  it('decodes ISO-8859-1 bytes per the XML declaration', () => {
    const text =
      '<?xml version="1.0" encoding="ISO-8859-1"?>' +
      envelope('<c:Reboot><CommandKey>Café ü</CommandKey></c:Reboot>');
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    const { message, warnings } = decode(bytes);
    expect(message).toStrictEqual({ name: 'Reboot', commandKey: 'Café ü' });
    expect(warnings).toStrictEqual([]);
  });

  it('decodes bytes without a declaration as UTF-8', () => {
    const ok = new TextEncoder().encode(envelope('<c:Reboot><CommandKey>日本</CommandKey></c:Reboot>'));
    expect(decode(ok).message).toStrictEqual({ name: 'Reboot', commandKey: '日本' });
  });

  it('refuses bytes that are not valid UTF-8, saying where and what to send instead', () => {
    const text = envelope('<c:Reboot><CommandKey>Xé</CommandKey></c:Reboot>');
    const latin1 = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    const at = text.indexOf('é');
    expect(() => decode(latin1)).toThrow(
      expect.objectContaining({
        code: 'CWMP_ERR_ENCODING',
        message: expect.stringMatching(
          new RegExp(`not valid UTF-8 \\(first invalid byte at offset ${at}\\).*encoding="ISO-8859-1"`),
        ),
      }),
    );
    // The same bytes declared as what they are decode.
    const declared = Uint8Array.from('<?xml version="1.0" encoding="ISO-8859-1"?>' + text, (ch) =>
      ch.charCodeAt(0),
    );
    expect(decode(declared).message).toStrictEqual({ name: 'Reboot', commandKey: 'Xé' });
  });

  it.each([
    ['a lone continuation byte', [0x80]],
    ['an overlong "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a sequence cut short', [0xe6, 0x97]],
  ])('refuses %s in UTF-8 (with or without a BOM)', (_, bad) => {
    const [head, tail] = envelope('<c:Reboot><CommandKey>#</CommandKey></c:Reboot>').split('#') as [
      string,
      string,
    ];
    const enc = new TextEncoder();
    const bytes = Uint8Array.from([...enc.encode(head), ...bad, ...enc.encode(tail)]);
    expect(errorCode(bytes)).toBe('CWMP_ERR_ENCODING');
    expect(errorCode(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]))).toBe('CWMP_ERR_ENCODING');
    expect(invalidUtf8Offset(bytes)).toBe(head.length);
  });

  it('finds the first invalid UTF-8 byte exactly where TextDecoder fails', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        let valid = true;
        try {
          strict.decode(bytes);
        } catch {
          valid = false;
        }
        const at = invalidUtf8Offset(bytes);
        expect(at === -1).toBe(valid);
        if (!valid) strict.decode(bytes.subarray(0, at)); // all before it is valid
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes windows-1252 bytes per the XML declaration', () => {
    const text =
      '<?xml version="1.0" encoding="windows-1252"?>' +
      envelope('<c:Reboot><CommandKey>Café</CommandKey></c:Reboot>');
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    expect(decode(bytes).message).toStrictEqual({ name: 'Reboot', commandKey: 'Café' });
  });

  it('leaves a string input as it is, U+FFFD included', () => {
    const { message, warnings } = decode(envelope('<c:Reboot><CommandKey>a\ufffdb</CommandKey></c:Reboot>'));
    expect(message).toStrictEqual({ name: 'Reboot', commandKey: 'a\ufffdb' });
    expect(warnings).toStrictEqual([]);
  });

  it('rejects an unknown declared encoding', () => {
    const bytes = new TextEncoder().encode('<?xml version="1.0" encoding="x-klingon"?><a/>');
    expect(errorCode(bytes)).toBe('CWMP_ERR_ENCODING');
  });

  it('reads faultcode qualified or not', () => {
    const fault = (code: string) =>
      envelope(
        `<s:Fault><faultcode>${code}</faultcode><faultstring>CWMP fault</faultstring><detail><c:Fault><FaultCode>9002</FaultCode><FaultString>Internal error</FaultString></c:Fault></detail></s:Fault>`,
      );
    expect(decode(fault('s:Server')).message).toMatchObject({ soapFaultCode: 'Server', faultCode: 9002 });
    expect(decode(fault('Server')).message).toMatchObject({ soapFaultCode: 'Server', faultCode: 9002 });
  });

  it('accepts a SOAP Fault without cwmp:Fault, with a warning', () => {
    const { message, warnings } = decode(
      envelope('<s:Fault><faultcode>s:Client</faultcode><faultstring>Bad request</faultstring></s:Fault>'),
    );
    expect(message).toStrictEqual({
      name: 'Fault',
      soapFaultCode: 'Client',
      soapFaultString: 'Bad request',
      faultCode: 0,
      faultString: 'Bad request',
    });
    expect(warnings.map((w) => w.code)).toStrictEqual(['CWMP_WARN_NO_CWMP_FAULT']);
  });

  it('fills a missing optional argument with its default and a warning', () => {
    const { message, warnings } = decode(
      envelope('<c:AddObject><ObjectName>Device.X.</ObjectName></c:AddObject>'),
    );
    expect(message).toStrictEqual({ name: 'AddObject', objectName: 'Device.X.', parameterKey: '' });
    expect(warnings.map((w) => w.code)).toStrictEqual(['CWMP_WARN_MISSING_FIELD']);
  });
});

describe('decode: typed parameter values', () => {
  const gpvr = (values: string) =>
    envelope(
      `<c:GetParameterValuesResponse><ParameterList>${values}</ParameterList></c:GetParameterValuesResponse>`,
    );
  // These lists have no arrayType on purpose; that warning is tested above.
  const codes = (ws: { code: string }[]) => ws.map((w) => w.code).filter((c) => c !== 'CWMP_WARN_ARRAY_TYPE');
  const pvs = (name: string, type: string | null, value: string) =>
    `<ParameterValueStruct><Name>${name}</Name><Value${type === null ? '' : ` i:type="${type}"`}>${value}</Value></ParameterValueStruct>`;

  it('types every TR-106 value and keeps the raw text', () => {
    const { message } = decode(
      gpvr(
        pvs('A', 'd:int', ' -5 ') +
          pvs('B', 'd:unsignedInt', '7') +
          pvs('C', 'd:long', '-9007199254740993') +
          pvs('D', 'd:unsignedLong', '18446744073709551615') +
          pvs('E', 'd:boolean', 'false') +
          pvs('F', 'd:dateTime', '2024-05-01T10:00:00Z') +
          pvs('G', 'd:base64', 'AAE=') +
          pvs('H', 'd:hexBinary', 'beef') +
          pvs('I', 'd:decimal', '12.50') +
          pvs('J', 'd:string', ' spaced '),
      ),
    );
    expect(message).toMatchObject({
      parameterList: [
        { name: 'A', type: 'int', value: -5, raw: ' -5 ' },
        { name: 'B', type: 'unsignedInt', value: 7, raw: '7' },
        { name: 'C', type: 'long', value: -9007199254740993n },
        { name: 'D', type: 'unsignedLong', value: 18446744073709551615n },
        { name: 'E', type: 'boolean', value: false },
        { name: 'F', type: 'dateTime', value: '2024-05-01T10:00:00Z' },
        { name: 'G', type: 'base64', value: 'AAE=' },
        { name: 'H', type: 'hexBinary', value: 'beef' },
        { name: 'I', type: 'decimal', value: 12.5, raw: '12.50' },
        { name: 'J', type: 'string', value: ' spaced ' },
      ],
    });
  });

  it('keeps the CPE spelling of base64 so it can be echoed', () => {
    const { message } = decode(gpvr(pvs('A', 'e:base64', 'AA==') + pvs('B', 'd:base64Binary', 'AA==')));
    expect(message).toMatchObject({
      parameterList: [
        { type: 'base64', xsiType: 'soap-enc:base64' },
        { type: 'base64', xsiType: 'xsd:base64Binary' },
      ],
    });
  });

  it('reads a missing or unknown xsi:type as a string, with a warning', () => {
    const { message, warnings } = decode(gpvr(pvs('A', null, 'x') + pvs('B', 'd:anyURI', 'http://x')));
    expect(message).toMatchObject({
      parameterList: [
        { name: 'A', type: 'string', value: 'x' },
        { name: 'B', type: 'string', value: 'http://x', xsiType: 'xsd:anyURI' },
      ],
    });
    expect(codes(warnings)).toStrictEqual(['CWMP_WARN_MISSING_XSI_TYPE', 'CWMP_WARN_UNKNOWN_XSI_TYPE']);
  });

  it('gives a null value and a warning for text that does not fit the type', () => {
    const { message, warnings } = decode(gpvr(pvs('A', 'd:unsignedInt', '') + pvs('B', 'd:boolean', 'yes')));
    expect(message).toMatchObject({
      parameterList: [
        { name: 'A', value: null, raw: '' },
        { name: 'B', value: null, raw: 'yes' },
      ],
    });
    expect(codes(warnings)).toStrictEqual(['CWMP_WARN_INVALID_VALUE', 'CWMP_WARN_INVALID_VALUE']);
  });
});

describe('decode: errors', () => {
  it('reports an empty POST as CWMP_ERR_EMPTY_INPUT', () => {
    expect(errorCode('')).toBe('CWMP_ERR_EMPTY_INPUT');
    expect(errorCode(' \r\n')).toBe('CWMP_ERR_EMPTY_INPUT');
    expect(errorCode(new Uint8Array(0))).toBe('CWMP_ERR_EMPTY_INPUT');
  });

  it('reports an envelope without Body, with an empty Body, or with two RPCs', () => {
    expect(errorCode(`<s:Envelope xmlns:s="${SOAP}"><s:Header/></s:Envelope>`)).toBe('CWMP_ERR_NO_BODY');
    expect(errorCode(envelope(''))).toBe('CWMP_ERR_EMPTY_BODY');
    expect(errorCode(envelope('<c:GetRPCMethods/><c:GetRPCMethods/>'))).toBe('CWMP_ERR_MULTIPLE_RPCS');
  });

  it('reports an unknown method with the cwmp:ID so the server can answer fault 8000', () => {
    try {
      decode(envelope('<c:SetVouchers><VoucherList/></c:SetVouchers>'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CwmpParseError);
      expect((e as CwmpParseError).code).toBe('CWMP_ERR_UNKNOWN_METHOD');
      expect((e as CwmpParseError).context).toStrictEqual({
        id: '42',
        method: 'SetVouchers',
        namespace: 'urn:dslforum-org:cwmp-1-2',
      });
    }
  });

  it('does not mistake Object.prototype names for methods', () => {
    expect(errorCode(envelope('<c:constructor/>'))).toBe('CWMP_ERR_UNKNOWN_METHOD');
    expect(errorCode(envelope('<c:__proto__/>'))).toBe('CWMP_ERR_UNKNOWN_METHOD');
  });

  it('rejects an Inform without DeviceId, keeping the ID', () => {
    try {
      decode(envelope('<c:Inform><Event/></c:Inform>'));
      expect.unreachable();
    } catch (e) {
      expect((e as CwmpParseError).code).toBe('CWMP_ERR_MISSING_ELEMENT');
      expect((e as CwmpParseError).context).toMatchObject({ id: '42', method: 'Inform' });
    }
  });

  it('rejects an argument that is not a number', () => {
    expect(
      errorCode(envelope('<c:SetParameterValuesResponse><Status>ok</Status></c:SetParameterValuesResponse>')),
    ).toBe('CWMP_ERR_INVALID_VALUE');
    expect(errorCode(envelope('<c:GetRPCMethods/>', '<c:SessionTimeout>soon</c:SessionTimeout>'))).toBe(
      'CWMP_ERR_INVALID_VALUE',
    );
  });
});
