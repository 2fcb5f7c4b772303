import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('autonomous-transfer-complete', () => {
  it('round-trips AutonomousTransferComplete', () => {
    const msg: CwmpMessage = {
      name: 'AutonomousTransferComplete',
      announceUrl: 'https://vendor.example/announce',
      transferUrl: 'https://vendor.example/fw.bin',
      isDownload: true,
      fileType: '1 Firmware Upgrade Image',
      fileSize: 184258350,
      targetFileName: 'fw.bin',
      faultStruct: { faultCode: 0, faultString: '' },
      startTime: '2024-06-10T23:04:00Z',
      completeTime: '2024-06-10T23:05:00Z',
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

  it('round-trips AutonomousTransferCompleteResponse', () => {
    const msg: CwmpMessage = { name: 'AutonomousTransferCompleteResponse' };
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
