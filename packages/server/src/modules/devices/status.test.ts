// The status rule over every combination of presence and job facts (2 x 2 x 2 x 2 = 16 cases).
import { describe, expect, it } from 'vitest';
import { DEVICE_STATUSES, type DeviceStatus } from '../../db/tables/devices';
import { NO_JOBS, deviceStatus, presenceOf, type JobFacts, type Presence } from './status';

/** Every case written out: presence, waiting, running, lastFailed -> status. */
const CASES: [Presence, boolean, boolean, boolean, DeviceStatus][] = [
  ['present', false, false, false, 'online'],
  ['present', true, false, false, 'online'],
  ['present', false, false, true, 'error'],
  ['present', true, false, true, 'error'],
  ['present', false, true, false, 'provisioning'],
  ['present', true, true, false, 'provisioning'],
  ['present', false, true, true, 'provisioning'],
  ['present', true, true, true, 'provisioning'],
  ['absent', false, false, false, 'offline'],
  ['absent', true, false, false, 'offline'],
  ['absent', false, false, true, 'offline'],
  ['absent', true, false, true, 'offline'],
  ['absent', false, true, false, 'offline'],
  ['absent', true, true, false, 'offline'],
  ['absent', false, true, true, 'offline'],
  ['absent', true, true, true, 'offline'],
];

describe('deviceStatus', () => {
  it('lists every combination once', () => {
    const keys = CASES.map(([p, w, r, f]) => `${p}/${w}/${r}/${f}`);
    expect(new Set(keys).size).toBe(16);
  });

  it.each(CASES)(
    '%s, waiting %s, running %s, last failed %s: %s',
    (presence, waiting, running, lastFailed, status) => {
      const facts: JobFacts = { waiting, running, lastFailed };
      expect(deviceStatus(presence, facts)).toBe(status);
    },
  );

  it('is online for a device present with no jobs, offline for one absent', () => {
    expect(deviceStatus('present', NO_JOBS)).toBe('online');
    expect(deviceStatus('absent', NO_JOBS)).toBe('offline');
  });

  it('never changes the status for waiting alone (markJobsWaiting writes no status on that ground)', () => {
    for (const [presence, , running, lastFailed] of CASES)
      expect(deviceStatus(presence, { waiting: true, running, lastFailed })).toBe(
        deviceStatus(presence, { waiting: false, running, lastFailed }),
      );
  });

  it('keeps presence recoverable from the status alone (the status column is all that is stored)', () => {
    for (const [presence, waiting, running, lastFailed] of CASES)
      expect(presenceOf(deviceStatus(presence, { waiting, running, lastFailed }))).toBe(presence);
  });

  it('reads a stored status as presence: only offline is absent', () => {
    expect(DEVICE_STATUSES.map((s) => [s, presenceOf(s)])).toEqual([
      ['online', 'present'],
      ['offline', 'absent'],
      ['provisioning', 'present'],
      ['error', 'present'],
    ]);
  });
});
