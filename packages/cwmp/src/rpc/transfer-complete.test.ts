import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('transfer-complete', () => {
  it('round-trips TransferComplete', () => {
    const msg: CwmpMessage = {
      name: 'TransferComplete',
      commandKey: 'fw-1',
      faultStruct: { faultCode: 9015, faultString: 'Server Not Found' },
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

  it('round-trips TransferCompleteResponse', () => {
    const msg: CwmpMessage = { name: 'TransferCompleteResponse' };
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
