import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('download', () => {
  it('round-trips Download', () => {
    const msg: CwmpMessage = {
      name: 'Download',
      commandKey: 'fw-1',
      fileType: '1 Firmware Upgrade Image',
      url: 'http://acs.example/files/fw.bin?a=1&b=2',
      username: 'cpe',
      password: 'p<>ss',
      fileSize: 184258350,
      targetFileName: 'fw.bin',
      delaySeconds: 0,
      successUrl: '',
      failureUrl: '',
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

  it('round-trips DownloadResponse', () => {
    const msg: CwmpMessage = {
      name: 'DownloadResponse',
      status: 1,
      startTime: '0001-01-01T00:00:00Z',
      completeTime: '0001-01-01T00:00:00Z',
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
