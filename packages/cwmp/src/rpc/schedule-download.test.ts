import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('schedule-download', () => {
  it('round-trips ScheduleDownload', () => {
    const msg: CwmpMessage = {
      name: 'ScheduleDownload',
      commandKey: 'sd-1',
      fileType: '1 Firmware Upgrade Image',
      url: 'https://acs.example/fw.bin',
      username: 'u',
      password: 'p',
      fileSize: 0,
      targetFileName: '',
      timeWindowList: [
        { windowStart: 0, windowEnd: 3600, windowMode: '1 At Any Time', userMessage: '', maxRetries: -1 },
        {
          windowStart: 7200,
          windowEnd: 9000,
          windowMode: '4 Confirmation Needed',
          userMessage: 'Update?',
          maxRetries: 3,
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

  it('round-trips ScheduleDownloadResponse', () => {
    const msg: CwmpMessage = { name: 'ScheduleDownloadResponse' };
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
