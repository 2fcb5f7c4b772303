import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('get-parameter-attributes', () => {
  it('round-trips GetParameterAttributes', () => {
    const msg: CwmpMessage = { name: 'GetParameterAttributes', parameterNames: ['Device.ManagementServer.'] };
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'req-1' }, body: msg });
    const { envelope, warnings } = decode(xml);
    expect(envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'req-1' },
      body: msg,
    });
    expect(warnings).toStrictEqual([]);
  });

  it('round-trips GetParameterAttributesResponse', () => {
    const msg: CwmpMessage = {
      name: 'GetParameterAttributesResponse',
      parameterList: [{ name: 'Device.ManagementServer.URL', notification: 6, accessList: ['Subscriber'] }],
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
