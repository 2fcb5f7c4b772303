import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('get-parameter-names', () => {
  it('round-trips GetParameterNames', () => {
    const msg: CwmpMessage = { name: 'GetParameterNames', parameterPath: '', nextLevel: true };
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'req-1' }, body: msg });
    const { envelope, warnings } = decode(xml);
    expect(envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'req-1' },
      body: msg,
    });
    expect(warnings).toStrictEqual([]);
  });

  it('round-trips GetParameterNamesResponse', () => {
    const msg: CwmpMessage = {
      name: 'GetParameterNamesResponse',
      parameterList: [
        { name: 'Device.', writable: false },
        { name: 'Device.WiFi.SSID.', writable: true },
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
