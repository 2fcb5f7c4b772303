import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('get-all-queued-transfers', () => {
  it('round-trips GetAllQueuedTransfers', () => {
    const msg: CwmpMessage = { name: 'GetAllQueuedTransfers' };
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'req-1' }, body: msg });
    const { envelope, warnings } = decode(xml);
    expect(envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'req-1' },
      body: msg,
    });
    expect(warnings).toStrictEqual([]);
  });

  it('round-trips GetAllQueuedTransfersResponse', () => {
    const msg: CwmpMessage = {
      name: 'GetAllQueuedTransfersResponse',
      transferList: [
        {
          commandKey: 'fw-1',
          state: 3,
          isDownload: true,
          fileType: '1 Firmware Upgrade Image',
          fileSize: 1024,
          targetFileName: 'fw.bin',
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
});
