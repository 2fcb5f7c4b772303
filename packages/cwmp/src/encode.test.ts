import { describe, expect, it } from 'vitest';
import { decode } from './decode';
import { encode } from './encode';
import { CwmpEncodeError } from './errors';
import type { CwmpMessage } from './message';
import { parameterValue } from './values';

const spv: CwmpMessage = {
  name: 'SetParameterValues',
  parameterList: [
    parameterValue('Device.X_<ACME>&"Name"', 'string', 'v<&>'),
    parameterValue('Device.Port', 'unsignedInt', 8080),
    parameterValue('Device.Enable', 'boolean', false),
  ],
  parameterKey: '',
};

describe('encode', () => {
  it('echoes the CPE cwmp namespace', () => {
    const xml = encode({
      namespace: 'urn:dslforum-org:cwmp-1-4',
      header: { id: '1' },
      body: { name: 'GetRPCMethods' },
    });
    expect(xml).toContain('xmlns:cwmp="urn:dslforum-org:cwmp-1-4"');
    expect(decode(xml).envelope.namespace).toBe('urn:dslforum-org:cwmp-1-4');
  });

  it('defaults to cwmp-1-0 and declares every prefix it uses', () => {
    const xml = encode({ header: {}, body: spv });
    expect(xml).toContain('xmlns:cwmp="urn:dslforum-org:cwmp-1-0"');
    for (const p of ['soap-env', 'soap-enc', 'xsd', 'xsi', 'cwmp']) expect(xml).toContain(`xmlns:${p}=`);
  });

  it('escapes parameter names as well as values', () => {
    const xml = encode({ header: { id: 'a<b' }, body: spv });
    expect(xml).toContain('<Name>Device.X_&lt;ACME&gt;&amp;&quot;Name&quot;</Name>');
    expect(xml).toContain('>v&lt;&amp;&gt;</Value>');
    expect(xml).toContain('>a&lt;b</cwmp:ID>');
    expect(decode(xml).message).toStrictEqual(spv);
  });

  it('writes xsi:type on every Value and right arrayType counts', () => {
    const xml = encode({ header: {}, body: spv });
    expect(xml.match(/<Value /g)).toHaveLength(3);
    expect(xml.match(/<Value xsi:type="xsd:(string|unsignedInt|boolean)">/g)).toHaveLength(3);
    expect(xml).toContain('<ParameterList soap-enc:arrayType="cwmp:ParameterValueStruct[3]">');
    const gpv = encode({ header: {}, body: { name: 'GetParameterValues', parameterNames: ['A.', 'B.'] } });
    expect(gpv).toContain(
      '<ParameterNames soap-enc:arrayType="xsd:string[2]"><string>A.</string><string>B.</string>',
    );
  });

  it('echoes a non-canonical xsi:type', () => {
    const pv = { ...parameterValue('Device.Cert', 'base64', 'AA=='), xsiType: 'soap-enc:base64' };
    const xml = encode({
      header: {},
      body: { name: 'SetParameterValues', parameterList: [pv], parameterKey: 'k' },
    });
    expect(xml).toContain('<Value xsi:type="soap-enc:base64">AA==</Value>');
  });

  it('writes the raw text, preserving a CPE lexical form', () => {
    const pv = { name: 'Device.Enable', type: 'boolean', value: true, raw: '1' } as const;
    const xml = encode({ header: {}, body: { name: 'GetParameterValuesResponse', parameterList: [pv] } });
    expect(xml).toContain('<Value xsi:type="xsd:boolean">1</Value>');
  });

  it('writes the InformResponse headers with the right mustUnderstand', () => {
    const xml = encode({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: {
        id: '7',
        holdRequests: true,
        useCwmpVersion: '1.4',
        sessionTimeout: 30,
        supportedCwmpVersions: ['1.0', '1.4'],
      },
      body: { name: 'InformResponse', maxEnvelopes: 1 },
    });
    expect(xml).toContain('<cwmp:ID soap-env:mustUnderstand="1">7</cwmp:ID>');
    expect(xml).toContain('<cwmp:HoldRequests soap-env:mustUnderstand="1">1</cwmp:HoldRequests>');
    expect(xml).toContain('<cwmp:UseCWMPVersion soap-env:mustUnderstand="1">1.4</cwmp:UseCWMPVersion>');
    expect(xml).toContain('<cwmp:SessionTimeout soap-env:mustUnderstand="0">30</cwmp:SessionTimeout>');
    expect(decode(xml).envelope.header).toStrictEqual({
      id: '7',
      holdRequests: true,
      sessionTimeout: 30,
      supportedCwmpVersions: ['1.0', '1.4'],
      useCwmpVersion: '1.4',
    });
  });

  it('omits an empty Header and writes an argument-less RPC as an empty element', () => {
    const xml = encode({ header: {}, body: { name: 'FactoryReset' } });
    expect(xml).not.toContain('Header');
    expect(xml).toContain('<soap-env:Body><cwmp:FactoryReset/></soap-env:Body>');
  });

  it('refuses a non-integer number and a character XML cannot carry', () => {
    const bad = () => encode({ header: {}, body: { name: 'SetParameterValuesResponse', status: 0.5 } });
    expect(bad).toThrow(CwmpEncodeError);
    expect(bad).toThrow(/CWMP_ERR_ENCODE_VALUE/);
    expect(() => encode({ header: {}, body: { name: 'Reboot', commandKey: '\u0007' } })).toThrow(
      /CWMP_ERR_INVALID_CHAR/,
    );
  });
});
