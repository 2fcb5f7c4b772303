import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';
import { parameterValue } from '../values';

describe('set-parameter-values', () => {
  it('round-trips SetParameterValues', () => {
    const msg: CwmpMessage = {
      name: 'SetParameterValues',
      parameterList: [
        parameterValue('Device.WiFi.SSID.1.SSID', 'string', 'Caf\u00e9 <&> "quotes" \'apos\''),
        parameterValue('Device.WiFi.Radio.1.Channel', 'unsignedInt', 11),
        parameterValue('Device.X_<Odd>&Name', 'boolean', true),
        parameterValue('Device.Counter', 'unsignedLong', 18446744073709551615n),
        parameterValue('Device.Blob', 'base64', 'AAEC'),
      ],
      parameterKey: 'key&1',
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

  it('round-trips SetParameterValuesResponse', () => {
    const msg: CwmpMessage = { name: 'SetParameterValuesResponse', status: 1 };
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
