import { describe, expect, it } from 'vitest';
import { jobResultLines } from './job-result';

describe("a job's result in the device's history", () => {
  it('says nothing for a job without a result', () => {
    expect(jobResultLines({ type: 'reboot', result: null })).toEqual([]);
  });

  it('says how much a tree read read, and names what the router would not read', () => {
    const skipped = ['A', 'B', 'C', 'D'].map((n) => ({
      name: `Device.X.${n}`,
      reason: '9005 Invalid parameter name',
    }));
    expect(
      jobResultLines({ type: 'discover-tree', result: { path: 'Device.', count: 117, skipped } }),
    ).toEqual([
      'Read 117 values of Device.',
      '4 parameters not readable:',
      'Device.X.A (9005 Invalid parameter name)',
      'Device.X.B (9005 Invalid parameter name)',
      'Device.X.C (9005 Invalid parameter name)',
      '... and 1 more',
    ]);
  });

  it('says what a profile push left out, and how a reboot came back', () => {
    expect(
      jobResultLines({
        type: 'apply-profile',
        result: { version: 2, skipped: [{ name: 'Device.Y', reason: 'not on this router' }] },
      }),
    ).toEqual(['Profile version 2 pushed', '1 parameter not pushed:', 'Device.Y (not on this router)']);
    expect(jobResultLines({ type: 'reboot', result: { commandKeyMatched: false } })).toEqual([
      "Came back without the Reboot's CommandKey (1 BOOT alone)",
    ]);
    expect(jobResultLines({ type: 'firmware-upgrade', result: { softwareVersion: 'V5R20' } })).toEqual([
      'Reports version V5R20',
    ]);
  });
});
