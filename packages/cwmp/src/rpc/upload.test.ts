import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('upload', () => {
  it('round-trips Upload', () => {
    const msg: CwmpMessage = {
      name: 'Upload',
      commandKey: 'up-1',
      fileType: '3 Vendor Configuration File 2',
      url: 'http://acs.example/files/upload/abc',
      username: '',
      password: '',
      delaySeconds: 5,
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

  it('round-trips UploadResponse', () => {
    const msg: CwmpMessage = {
      name: 'UploadResponse',
      status: 0,
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
});
