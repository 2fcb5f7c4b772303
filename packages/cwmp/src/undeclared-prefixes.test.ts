// Undeclared well-known prefixes (issue 23, point 6): routers write soap:, SOAP-ENV:, cwmp:, xsd:,
// xsi:, soap-enc: without declaring them, most often in a Fault. decode() reads those as their usual
// namespaces, says so in a warning, refuses any other undeclared prefix saying what to declare, and
// keeps every limit.
import { describe, expect, it } from 'vitest';
import { decode } from './decode';
import { CwmpParseError } from './errors';
import { encode } from './encode';

/** A SetParameterValues Fault as such routers write it: nothing declared at all. */
function undeclaredFault(soap = 'soap', cwmp = 'cwmp'): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><${soap}:Envelope>` +
    `<${soap}:Header><${cwmp}:ID ${soap}:mustUnderstand="1">spv-7</${cwmp}:ID></${soap}:Header>` +
    `<${soap}:Body><${soap}:Fault><faultcode>Client</faultcode><faultstring>CWMP fault</faultstring>` +
    `<detail><${cwmp}:Fault><FaultCode>9003</FaultCode><FaultString>Invalid arguments</FaultString>` +
    `<SetParameterValuesFault><ParameterName>Device.Time.NTPServer1</ParameterName>` +
    `<FaultCode>9007</FaultCode><FaultString>Invalid parameter value</FaultString></SetParameterValuesFault>` +
    `</${cwmp}:Fault></detail></${soap}:Fault></${soap}:Body></${soap}:Envelope>`
  );
}

function parseError(input: string): CwmpParseError {
  try {
    decode(input);
  } catch (e) {
    expect(e).toBeInstanceOf(CwmpParseError);
    return e as CwmpParseError;
  }
  throw new Error('decoded without error');
}

describe('decode: undeclared well-known prefixes', () => {
  it.each([
    ['soap', 'cwmp'],
    ['SOAP-ENV', 'cwmp'],
    ['soapenv', 'cwmp'],
    ['soap-env', 'CWMP'],
    ['SOAP', 'cwmp'],
  ])('reads a Fault written with %s: and %s: undeclared, with its code, string and entries', (soap, cwmp) => {
    const { envelope, warnings } = decode(undeclaredFault(soap, cwmp));
    expect(envelope.header.id).toBe('spv-7');
    expect(envelope.body).toEqual({
      name: 'Fault',
      soapFaultCode: 'Client',
      soapFaultString: 'CWMP fault',
      faultCode: 9003,
      faultString: 'Invalid arguments',
      setParameterValuesFault: [
        { parameterName: 'Device.Time.NTPServer1', faultCode: 9007, faultString: 'Invalid parameter value' },
      ],
    });
    // An undeclared cwmp: names no version: the default one.
    expect(envelope.namespace).toBe('urn:dslforum-org:cwmp-1-0');
    expect(warnings.map((w) => w.code)).toContain('CWMP_WARN_UNDECLARED_PREFIX');
    expect(warnings.find((w) => w.code === 'CWMP_WARN_UNDECLARED_PREFIX')?.message).toContain(`"${soap}"`);
  });

  it('reads an Inform with soap:, cwmp:, xsd:, xsi: and soap-enc: undeclared, values typed', () => {
    const declared = encode({
      namespace: 'urn:dslforum-org:cwmp-1-0',
      header: { id: 'i1' },
      body: {
        name: 'Inform',
        deviceId: { manufacturer: 'Acme', oui: '00259E', productClass: 'Box', serialNumber: 'S1' },
        event: [{ eventCode: '1 BOOT', commandKey: '' }],
        maxEnvelopes: 1,
        currentTime: '2024-01-01T00:00:00Z',
        retryCount: 0,
        parameterList: [
          {
            name: 'Device.ManagementServer.PeriodicInformInterval',
            type: 'unsignedInt',
            value: 60,
            raw: '60',
          },
          { name: 'Device.X_Key', type: 'base64', value: 'AAE=', raw: 'AAE=', xsiType: 'soap-enc:base64' },
        ],
      },
    });
    const bare = declared.replace(/\s+xmlns:[\w-]+="[^"]*"/g, '').replace(/(<\/?)soap-env:/g, '$1soap:');
    expect(bare).not.toContain('xmlns');
    const { envelope } = decode(bare);
    expect(envelope.body).toMatchObject({
      name: 'Inform',
      deviceId: { serialNumber: 'S1' },
      parameterList: [
        { type: 'unsignedInt', value: 60 },
        // soap-enc: undeclared still resolves to the SOAP encoding namespace: the spelling is kept.
        { type: 'base64', xsiType: 'soap-enc:base64' },
      ],
    });
  });

  it('lets a declared cwmp namespace decide, not an undeclared cwmp: beside it', () => {
    const xml =
      '<soap:Envelope><soap:Header><cwmp:ID xmlns:cwmp="urn:dslforum-org:cwmp-1-2">h</cwmp:ID></soap:Header>' +
      '<soap:Body><cwmp:GetRPCMethods/></soap:Body></soap:Envelope>';
    const { envelope } = decode(xml);
    expect(envelope.body).toEqual({ name: 'GetRPCMethods' });
    expect(envelope.namespace).toBe('urn:dslforum-org:cwmp-1-2');
  });

  it('keeps a declaration over the well-known meaning of its prefix', () => {
    // "soap" declared as something else: that is what it means, so this is no SOAP envelope.
    const err = parseError('<soap:Envelope xmlns:soap="urn:other"><soap:Body/></soap:Envelope>');
    expect(err.code).toBe('CWMP_ERR_NOT_SOAP_ENVELOPE');
  });

  it.each([
    [
      'the Envelope',
      '<foo:Envelope><foo:Body><cwmp:GetRPCMethods/></foo:Body></foo:Envelope>',
      'foo',
      'http://schemas.xmlsoap.org/soap/envelope/',
    ],
    [
      'the Body',
      '<soap:Envelope><x:Body><cwmp:GetRPCMethods/></x:Body></soap:Envelope>',
      'x',
      'http://schemas.xmlsoap.org/soap/envelope/',
    ],
    [
      'the RPC',
      '<soap:Envelope><soap:Header><cwmp:ID>r1</cwmp:ID></soap:Header><soap:Body><rpc:Inform/></soap:Body></soap:Envelope>',
      'rpc',
      'urn:dslforum-org:cwmp-1-0',
    ],
  ])('refuses an unknown undeclared prefix on %s, saying what to declare', (_, xml, prefix, uri) => {
    const err = parseError(xml);
    expect(err.code).toBe('CWMP_ERR_UNDECLARED_PREFIX');
    expect(err.message).toContain(`the prefix "${prefix}"`);
    expect(err.message).toContain(`xmlns:${prefix}="${uri}"`);
    expect(err.message).toContain('soap:, soapenv:, soap-env:');
  });

  it('keeps the cwmp:ID of an RPC refused for its prefix, so the ACS can answer it', () => {
    const err = parseError(
      '<soap:Envelope><soap:Header><cwmp:ID>r1</cwmp:ID></soap:Header><soap:Body><rpc:Inform/></soap:Body></soap:Envelope>',
    );
    expect(err.context).toMatchObject({ id: 'r1', method: 'Inform' });
  });

  it('keeps every limit for undeclared prefixes', () => {
    const deep = `<soap:Envelope><soap:Body>${'<cwmp:a>'.repeat(40)}${'</cwmp:a>'.repeat(40)}</soap:Body></soap:Envelope>`;
    expect(parseError(deep).code).toBe('CWMP_ERR_DEPTH_LIMIT');
    const many = `<soap:Envelope><soap:Body><cwmp:X>${'<xsd:i/>'.repeat(200)}</cwmp:X></soap:Body></soap:Envelope>`;
    expect(() => decode(many, { maxElements: 100 })).toThrow(/CWMP_ERR_ELEMENT_LIMIT/);
    const longPrefix = `<${'s'.repeat(300)}:Envelope/>`;
    expect(parseError(longPrefix).code).toBe('CWMP_ERR_NAME_LIMIT');
    expect(() => decode(undeclaredFault(), { maxBytes: 100 })).toThrow(/CWMP_ERR_INPUT_TOO_LARGE/);
  });
});
