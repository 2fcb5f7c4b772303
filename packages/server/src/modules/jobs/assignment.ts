// Profiles reaching routers (issue 16 point 5, issue 17 point 5). An assignment (the three assignment
// routes of spec §7 and PUT /api/devices/{id} with assignedProfileId) remembers the profile on the
// device and queues an apply-profile job of the profile's current version, rendered; creating the job
// announces it, and the router is woken with a connection request (wake.ts, TR-069 3.2.2).
//
// A router's bootstrap gets its profile back without an operator (atBootstrap, called once from the
// engine's sessionStarted): its first Inform, any Inform with "0 BOOTSTRAP" (TR-069 A.3.3.1: first
// contact, a factory reset, a new ACS URL), and the Inform that finishes a factory-reset job (a router
// may report 1 BOOT alone after a reset). The profile is the device's assigned one; a device with none
// takes the one profile whose serial number (value device_serial_number or serialNumber, spec §3; the
// serial_number column, one indexed lookup) equals the router's, and keeps it assigned.
// Nothing is pushed, and the reason is kept as a failed apply-profile job in the device's history
// (announced by job_update; the device shows Error until a later job succeeds), when the profile does
// not validate, renders no parameters, no longer exists, or when several profiles carry the serial
// (none is chosen: a guess could put one customer's Wi-Fi on another's router).
import type { FastifyBaseLogger } from 'fastify';
import type { RenderedParam } from '../../contract';
import type { DeviceContact, DeviceRow } from '../../db/tables/devices';
import type { JobRow } from '../../db/tables/jobs';
import type { ProfileRow } from '../../db/tables/profiles';
import { AppError } from '../../errors';
import type { DevicesService } from '../devices/index';
import { toApiProfile, type ProfilesService } from '../profiles/index';
import type { JobsService, NewJob } from './service';

/** apply-profile's parameters (types/apply-profile.ts). */
export interface ProfilePush {
  profileId: string;
  profileVersion: number;
  parameters: RenderedParam[];
}

/** How many profiles sharing a serial a refusal names. */
const NAMED = 5;

/** The profile's push as it is now (its current version, rendered), or why it has none. */
function pushOf(row: ProfileRow): { push: ProfilePush } | { problem: 'invalid' | 'empty'; errors: string[] } {
  const profile = toApiProfile(row);
  if (profile.validationStatus !== 'valid') return { problem: 'invalid', errors: profile.validationErrors };
  if (profile.renderedParams.length === 0) return { problem: 'empty', errors: [] };
  return {
    push: { profileId: profile.id, profileVersion: profile.version, parameters: profile.renderedParams },
  };
}

export function createAssignments(deps: {
  devices: DevicesService;
  jobs: JobsService;
  profiles: ProfilesService;
  log: FastifyBaseLogger;
}) {
  const { devices, jobs, profiles, log } = deps;

  /**
   * The push of a profile an operator assigns; a 400 that says what to fix when it has none. An
   * unknown profile is a 404, or a 400 when the id came inside a body that names another resource.
   */
  async function pushFor(profileId: string, missing: 400 | 404 = 404): Promise<ProfilePush> {
    let row: ProfileRow;
    try {
      row = await profiles.get(profileId);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404 && missing === 400) {
        throw new AppError(400, err.error, `${err.message} Choose an existing profile.`);
      }
      throw err;
    }
    const p = pushOf(row);
    if ('push' in p) return p.push;
    if (p.problem === 'invalid') {
      const why = p.errors.length ? `: ${p.errors.join('; ')}` : '';
      throw new AppError(
        400,
        'Profile is not valid',
        `Profile "${row.name}" does not validate${why}. Fix it before assigning it.`,
      );
    }
    throw new AppError(
      400,
      'Profile has no parameters',
      `Profile "${row.name}" renders no parameters; fill in its values first.`,
    );
  }

  /** apply-profile jobs for these devices; creating them wakes each device (wake.ts). */
  const queue = (
    targets: DeviceContact[],
    push: ProfilePush,
    operationId: string | null = null,
  ): Promise<JobRow[]> => jobs.create(targets, 'apply-profile', push, undefined, operationId);

  /** A failed apply-profile job that names why nothing was pushed at the router's bootstrap. */
  async function refuse(device: DeviceRow, profile: ProfileRow | undefined, why: string): Promise<void> {
    const error = `Not applied at the router's bootstrap: ${why}`;
    log.warn({ deviceId: device.id, serialNumber: device.serial_number }, error);
    await jobs.refuse(
      device,
      'apply-profile',
      { profileId: profile?.id ?? '', profileVersion: profile?.version ?? 0, parameters: [] },
      error,
    );
  }

  /** The profile a bootstrapping router gets: its assigned one, else the one that carries its serial. */
  async function profileOf(device: DeviceRow): Promise<{ row: ProfileRow; matched: boolean } | null> {
    if (device.assigned_profile_id) {
      const id = device.assigned_profile_id;
      const row = await profiles.get(id).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) return undefined;
        throw err;
      });
      if (row) return { row, matched: false };
      await refuse(device, undefined, `its assigned profile ${id} no longer exists. Assign another profile.`);
      return null;
    }
    const carriers = await profiles.bySerialNumber(device.serial_number, NAMED + 1);
    if (carriers.length === 1) return { row: carriers[0]!, matched: true };
    if (carriers.length > 1) {
      const count = carriers.length > NAMED ? `More than ${NAMED}` : String(carriers.length);
      const names = carriers
        .slice(0, NAMED)
        .map((p) => `"${p.name}"`)
        .join(', ');
      await refuse(
        device,
        undefined,
        `${count} profiles carry its serial number ${device.serial_number} (${names}), so none was chosen. ` +
          'Keep the serial number on one profile only, or assign one of them to the router.',
      );
    }
    return null;
  }

  return {
    pushFor,
    queue,

    /** Assigns a profile to devices that exist and pushes it to each (the assignment routes). */
    async assign(targets: DeviceRow[], profileId: string): Promise<JobRow[]> {
      const push = await pushFor(profileId);
      await devices.assignProfile(
        targets.map((d) => d.id),
        profileId,
      );
      return queue(targets, push);
    },

    /**
     * A router bootstraps (see the file comment): its profile's apply-profile job, to be created with
     * the ACS's other bootstrap jobs (engine.ts sessionStarted) and run in this session; 'exists' when
     * an assignment made while the router was away already waits with this very version; null when
     * it has none (the reason, if any, is kept as a refused job).
     */
    async atBootstrap(deviceId: string, unfinished: readonly JobRow[]): Promise<NewJob | 'exists' | null> {
      const device = await devices.findById(deviceId);
      if (!device) return null;
      const found = await profileOf(device);
      if (!found) return null;
      const { row, matched } = found;
      const p = pushOf(row);
      if ('problem' in p) {
        await refuse(
          device,
          row,
          p.problem === 'invalid'
            ? `profile "${row.name}" does not validate${p.errors.length ? `: ${p.errors.join('; ')}` : ''}. ` +
                'Fix the profile, then assign it again.'
            : `profile "${row.name}" renders no parameters. Fill in its values, then assign it again.`,
        );
        return null;
      }
      if (matched) await devices.assignProfile([device.id], row.id);
      const same = (j: JobRow) => {
        const q = JSON.parse(j.params) as Partial<ProfilePush>;
        return q.profileId === row.id && q.profileVersion === row.version;
      };
      if (unfinished.some((j) => j.type === 'apply-profile' && j.status === 'pending' && same(j)))
        return 'exists';
      return { type: 'apply-profile', params: p.push };
    },
  };
}

export type Assignments = ReturnType<typeof createAssignments>;
