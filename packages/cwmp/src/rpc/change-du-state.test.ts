import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('change-du-state', () => {
  it('round-trips ChangeDUState', () => {
    const msg: CwmpMessage = {
      name: 'ChangeDUState',
      operations: [
        {
          type: 'Install',
          url: 'http://acs.example/du.ipk',
          uuid: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
          executionEnvRef: 'Device.SoftwareModules.ExecEnv.1',
        },
        { type: 'Update', uuid: '6ba7b810-9dad-11d1-80b4-00c04fd430c8', version: '2.0' },
        { type: 'Uninstall', uuid: '6ba7b810-9dad-11d1-80b4-00c04fd430c8' },
      ],
      commandKey: 'du-1',
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

  it('round-trips ChangeDUStateResponse', () => {
    const msg: CwmpMessage = { name: 'ChangeDUStateResponse' };
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
