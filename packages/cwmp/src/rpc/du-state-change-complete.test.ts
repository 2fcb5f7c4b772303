import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('du-state-change-complete', () => {
  it('round-trips DUStateChangeComplete', () => {
    const msg: CwmpMessage = {
      name: 'DUStateChangeComplete',
      results: [
        {
          uuid: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
          deploymentUnitRef: 'Device.SoftwareModules.DeploymentUnit.1',
          version: '1.0',
          currentState: 'Installed',
          resolved: true,
          executionUnitRefList:
            'Device.SoftwareModules.ExecutionUnit.1,Device.SoftwareModules.ExecutionUnit.2',
          startTime: '2024-06-10T23:04:00Z',
          completeTime: '2024-06-10T23:05:00Z',
          fault: { faultCode: 0, faultString: '' },
        },
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

  it('round-trips DUStateChangeCompleteResponse', () => {
    const msg: CwmpMessage = { name: 'DUStateChangeCompleteResponse' };
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
