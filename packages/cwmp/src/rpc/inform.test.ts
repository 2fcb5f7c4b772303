import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';
import { parameterValue } from '../values';

describe('inform', () => {
  it('round-trips Inform', () => {
    const msg: CwmpMessage = {
      name: 'Inform',
      deviceId: { manufacturer: 'ACME & Sons', oui: '00259E', productClass: '', serialNumber: 'ABC123' },
      event: [
        { eventCode: '1 BOOT', commandKey: '' },
        { eventCode: 'M Reboot', commandKey: 'rb-42' },
      ],
      maxEnvelopes: 1,
      currentTime: '2024-05-01T10:00:00Z',
      retryCount: 3,
      parameterList: [parameterValue('Device.DeviceInfo.SoftwareVersion', 'string', '1.2.3')],
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

  it('round-trips InformResponse', () => {
    const msg: CwmpMessage = { name: 'InformResponse', maxEnvelopes: 1 };
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
