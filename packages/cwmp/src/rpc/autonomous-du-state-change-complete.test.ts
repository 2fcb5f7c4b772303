import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { CwmpMessage } from '../message';

describe('autonomous-du-state-change-complete', () => {
  it('round-trips AutonomousDUStateChangeComplete', () => {
    const msg: CwmpMessage = {
      name: 'AutonomousDUStateChangeComplete',
      results: [
        {
          uuid: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
          deploymentUnitRef: '',
          version: '',
          currentState: 'Failed',
          resolved: false,
          executionUnitRefList: '',
          startTime: '2024-06-10T23:04:00Z',
          completeTime: '2024-06-10T23:05:00Z',
          fault: { faultCode: 9028, faultString: 'Unknown Deployment Unit' },
          operationPerformed: 'Uninstall',
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

  it('round-trips AutonomousDUStateChangeCompleteResponse', () => {
    const msg: CwmpMessage = { name: 'AutonomousDUStateChangeCompleteResponse' };
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
