import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('add-object', () => {
  it('round-trips AddObject', () => {
    const msg: CwmpMessage = {
      name: 'AddObject',
      objectName: 'Device.NAT.PortMapping.',
      parameterKey: 'pk-1',
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

  it('round-trips AddObjectResponse', () => {
    const msg: CwmpMessage = { name: 'AddObjectResponse', instanceNumber: 7, status: 0 };
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
