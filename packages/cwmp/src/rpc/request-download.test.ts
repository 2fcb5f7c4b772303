import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('request-download', () => {
  it('round-trips RequestDownload', () => {
    const msg: CwmpMessage = {
      name: 'RequestDownload',
      fileType: '2 Web Content',
      fileTypeArg: [{ name: 'Version', value: '>= 2' }],
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

  it('round-trips RequestDownloadResponse', () => {
    const msg: CwmpMessage = { name: 'RequestDownloadResponse' };
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
