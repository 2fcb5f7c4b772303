import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('set-parameter-attributes', () => {
  it('round-trips SetParameterAttributes', () => {
    const msg: CwmpMessage = {
      name: 'SetParameterAttributes',
      parameterList: [
        {
          name: 'Device.DeviceInfo.SoftwareVersion',
          notificationChange: true,
          notification: 2,
          accessListChange: false,
          accessList: [],
        },
        {
          name: 'Device.WiFi.',
          notificationChange: false,
          notification: 0,
          accessListChange: true,
          accessList: ['Subscriber'],
        },
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

  it('round-trips SetParameterAttributesResponse', () => {
    const msg: CwmpMessage = { name: 'SetParameterAttributesResponse' };
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
