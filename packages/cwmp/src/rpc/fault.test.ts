import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import { cwmpFault } from './fault';

describe('fault', () => {
  it('builds a fault from its code with the table name and Client/Server', () => {
    expect(cwmpFault(8005)).toStrictEqual({
      name: 'Fault',
      soapFaultCode: 'Server',
      soapFaultString: 'CWMP fault',
      faultCode: 8005,
      faultString: 'Retry request',
    });
    expect(cwmpFault(9007, 'Bad SSID').soapFaultCode).toBe('Client');
  });

  it('round-trips a SetParameterValues fault with per-parameter entries', () => {
    const f = cwmpFault(9003, undefined, [
      { parameterName: 'Device.WiFi.SSID.1.SSID', faultCode: 9007, faultString: 'Invalid parameter value' },
      { parameterName: 'Device.X<&>', faultCode: 9008, faultString: '' },
    ]);
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'x' }, body: f });
    expect(xml).toContain('<soap-env:Body><soap-env:Fault><faultcode>Client</faultcode>');
    expect(xml).toContain('<detail><cwmp:Fault><FaultCode>9003</FaultCode>');
    const { envelope } = decode(xml);
    expect(envelope).toStrictEqual({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'x' }, body: f });
  });

  it('round-trips an ACS fault 8006', () => {
    const f = cwmpFault(8006);
    expect(decode(encode({ header: { id: '1' }, body: f })).message).toStrictEqual(f);
  });
});
