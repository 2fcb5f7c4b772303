import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';
import { parameterValue } from '../values';

describe('get-parameter-values', () => {
  it('round-trips GetParameterValues', () => {
    const msg: CwmpMessage = {
      name: 'GetParameterValues',
      parameterNames: ['Device.DeviceInfo.', 'Device.WiFi.SSID.1.SSID'],
    };
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'req-1' }, body: msg });
    const { envelope, warnings } = decode(xml);
    expect(envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'req-1' },
      body: msg,
    });
    expect(warnings).toStrictEqual([]);
  });

  it('round-trips GetParameterValuesResponse', () => {
    const msg: CwmpMessage = {
      name: 'GetParameterValuesResponse',
      parameterList: [
        parameterValue('Device.DeviceInfo.UpTime', 'unsignedInt', 4294967295),
        parameterValue('Device.Temp', 'int', -40),
        parameterValue('Device.Time.CurrentLocalTime', 'dateTime', '0001-01-01T00:00:00Z'),
        parameterValue('Device.Ratio', 'decimal', 0.25),
        parameterValue('Device.Key', 'hexBinary', '00ff'),
        parameterValue('Device.Offset', 'long', -9223372036854775808n),
        parameterValue('Device.Multi', 'string', 'line1\nline2\r\n\ttabbed'),
      ],
    };
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'req-1' }, body: msg });
    const { envelope, warnings } = decode(xml);
    expect(envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'req-1' },
      body: msg,
    });
    expect(warnings).toStrictEqual([]);
  });
});
