import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('get-queued-transfers', () => {
  it('round-trips GetQueuedTransfers', () => {
    const msg: CwmpMessage = { name: 'GetQueuedTransfers' };
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'req-1' }, body: msg });
    const { envelope, warnings } = decode(xml);
    expect(envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'req-1' },
      body: msg,
    });
    expect(warnings).toStrictEqual([]);
  });

  it('round-trips GetQueuedTransfersResponse', () => {
    const msg: CwmpMessage = {
      name: 'GetQueuedTransfersResponse',
      transferList: [
        { commandKey: 'fw-1', state: 2 },
        { commandKey: 'cfg', state: 1 },
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
