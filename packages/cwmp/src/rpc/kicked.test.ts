import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('kicked', () => {
  it('round-trips Kicked', () => {
    const msg: CwmpMessage = {
      name: 'Kicked',
      command: 'login',
      referer: 'http://portal.example/',
      arg: 'a=b&c=d',
      next: 'http://portal.example/next',
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

  it('round-trips KickedResponse', () => {
    const msg: CwmpMessage = { name: 'KickedResponse', nextUrl: 'http://portal.example/done' };
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
