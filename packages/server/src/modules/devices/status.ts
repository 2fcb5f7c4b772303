// A device's status (spec §3 Device: online, offline, provisioning, error), decided here and nowhere
// else, from two kinds of fact with two owners:
// - presence, the devices module's own: whether the device keeps its inform schedule (an Inform makes
//   it present; the offline sweep absent after twice its interval plus a grace);
// - job facts, the jobs module's: told to the devices service (recordJobFacts, markJobsWaiting) and
//   kept on the device row, so that an Inform reads them with the device and never reads jobs.
// The status column is this function's answer, written only by the devices service. Presence is not
// stored apart: offline wins over every job fact, so a device is absent exactly when it is offline.
import type { DeviceStatus } from '../../db/tables/devices';

export type Presence = 'present' | 'absent';

/** What the jobs module knows about a device's jobs. */
export interface JobFacts {
  /** Jobs are pending or running for the device (its next session asks for them). */
  waiting: boolean;
  /** One of its jobs runs: its RPCs are under way, or it waits for the device to report back. */
  running: boolean;
  /** The job that finished last (completed or failed) failed. */
  lastFailed: boolean;
}

/** A device no job was ever created for. */
export const NO_JOBS: Readonly<JobFacts> = Object.freeze({
  waiting: false,
  running: false,
  lastFailed: false,
});

/**
 * offline while the device is absent, whatever its jobs; provisioning while one of its jobs runs;
 * error when the last job that finished failed; online otherwise. Jobs that only wait (pending) do not
 * change the status: a device is provisioned when a job starts, not when one is queued.
 */
export function deviceStatus(presence: Presence, jobs: Readonly<JobFacts>): DeviceStatus {
  if (presence === 'absent') return 'offline';
  if (jobs.running) return 'provisioning';
  if (jobs.lastFailed) return 'error';
  return 'online';
}

/** The presence a stored status shows (see the file comment: offline is absent, anything else present). */
export function presenceOf(status: DeviceStatus): Presence {
  return status === 'offline' ? 'absent' : 'present';
}
