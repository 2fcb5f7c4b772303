// Firmware campaigns (issue 21): created and started at once, over a group's members as they are at
// creation (snapshotted, cut into a canary and growing waves); moved on by the scheduler
// (scheduler.ts); paused, resumed, cancelled and retried by the operator. Every change is told as
// campaign_update, at most once a second per campaign with the last state.
import { randomUUID } from 'node:crypto';
import type { Campaign, CampaignDevice, CampaignInput, CampaignProgress } from '../../contract';
import type { CampaignDeviceState, CampaignRow } from '../../db/tables/campaigns';
import { AppError } from '../../errors';
import type { DevicesService } from '../devices/index';
import { notFirmware, type FileStore } from '../files/index';
import type { JobsService } from '../jobs/index';
import { createKeyedThrottle, type EventBus } from '../live/index';
import type { GroupsService } from './groups';
import type { CampaignsRepository } from './repository';
import { createCampaignScheduler } from './scheduler';
import { toApiCampaign, waveTimesOf } from './view';
import { assignWaves, knownTimeZone } from './waves';

export interface CampaignsServiceOptions {
  /** At most one campaign_update per campaign in this many milliseconds. */
  updateIntervalMs: number;
  /** The scheduler's tick. */
  tickMs: number;
  onError: (err: unknown) => void;
}

const bad = (field: string, message: string) => new AppError(400, `Invalid ${field}`, `${field}: ${message}`);

const MAX_POINTS = 200;

export function createCampaignsService(
  deps: {
    repo: CampaignsRepository;
    groups: GroupsService;
    devices: DevicesService;
    files: FileStore;
    jobs: JobsService;
    bus: EventBus;
  },
  o: CampaignsServiceOptions,
) {
  const { repo, groups, devices, files, jobs, bus } = deps;

  async function row(id: string): Promise<CampaignRow> {
    const found = await repo.findCampaign(id);
    if (!found) throw new AppError(404, 'Campaign not found', `No campaign has the id "${id}".`);
    return found;
  }
  async function view(r: CampaignRow): Promise<Campaign> {
    return toApiCampaign(r, (await repo.counts([r.id])).get(r.id)!);
  }

  const updates = createKeyedThrottle({
    intervalMs: o.updateIntervalMs,
    async emit(id) {
      const r = await repo.findCampaign(id);
      if (r) bus.publish('campaign_update', await view(r));
    },
    onError: (err) => o.onError(err),
  });
  const scheduler = createCampaignScheduler(
    { repo, jobs, devices, bus, changed: (id) => updates.touch(id) },
    { intervalMs: o.tickMs, onError: o.onError },
  );

  async function checkInput(input: CampaignInput) {
    const group = await repo.findGroup(input.groupId);
    if (!group)
      throw bad('groupId', `no device group has the id "${input.groupId}"; choose one from the groups list.`);
    const file = await files.get(input.fileId).catch(() => undefined);
    if (!file)
      throw bad('fileId', `no file in the store has the id "${input.fileId}"; upload the firmware first.`);
    const notFirmwareWhy = notFirmware(file);
    if (notFirmwareWhy) throw bad('fileId', notFirmwareWhy);
    if (input.targetVersion.trim() === '')
      throw bad('targetVersion', 'give the version the upgraded routers must report.');
    input.waves.forEach((w, i) => {
      if (i > 0 && w <= input.waves[i - 1]!)
        throw bad(
          'waves',
          `each wave must reach a larger share than the one before (${input.waves.join(', ')}); they are cumulative percentages, e.g. [10, 50, 100].`,
        );
    });
    if (input.waves[input.waves.length - 1] !== 100)
      throw bad(
        'waves',
        `the last wave must be 100 (the whole group), not ${input.waves[input.waves.length - 1]}.`,
      );
    if (input.window && !knownTimeZone(input.window.timeZone))
      throw bad(
        'window.timeZone',
        `"${input.window.timeZone}" is not a time zone this server knows; give an IANA name such as Europe/Zagreb.`,
      );
    const members = await devices.matching(groups.filterOf(group));
    if (members.length === 0)
      throw bad(
        'groupId',
        `the group "${group.name}" matches no device now; change its filter or choose another group.`,
      );
    if (input.canarySize > members.length)
      throw bad(
        'canarySize',
        `the canary (${input.canarySize}) is larger than the group "${group.name}" (${members.length} routers); choose at most ${members.length}.`,
      );
    return { group, file, members };
  }

  return {
    scheduler,
    async create(input: CampaignInput, createdBy: string | null): Promise<Campaign> {
      const { group, file, members } = await checkInput(input);
      const at = new Date().toISOString();
      const waves = assignWaves(members.length, input.canarySize, input.waves);
      const r: CampaignRow = {
        id: randomUUID(),
        name: input.name.trim(),
        group_id: group.id,
        group_name: group.name,
        file_id: file.id,
        file_name: file.name,
        target_version: input.targetVersion.trim(),
        canary_size: input.canarySize,
        waves: JSON.stringify(input.waves),
        soak_minutes: input.soakMinutes,
        max_concurrent: input.maxConcurrent,
        failure_threshold: input.failureThreshold ?? 5,
        deadline_minutes: input.deadlineMinutes ?? 30,
        maintenance_window: input.window ? JSON.stringify(input.window) : null,
        state: 'running',
        reason: null,
        current_wave: 0,
        wave_times: JSON.stringify([{ startedAt: at, finishedAt: null }]),
        soak_until: null,
        created_by: createdBy,
        created_at: at,
        updated_at: at,
        finished_at: null,
      };
      await repo.insertCampaign(
        r,
        members.map((d, position) => ({ device_id: d.id, position, wave: waves[position]! })),
      );
      void scheduler.kick();
      return view(r);
    },
    async list(): Promise<Campaign[]> {
      const rows = await repo.listCampaigns();
      const counts = await repo.counts(rows.map((r) => r.id));
      return rows.map((r) => toApiCampaign(r, counts.get(r.id)!));
    },
    get: async (id: string) => view(await row(id)),
    async devices(
      id: string,
      q: { state?: CampaignDeviceState; limit: number; offset: number },
    ): Promise<{ devices: CampaignDevice[]; total: number }> {
      await row(id);
      const { rows, total } = await repo.devices(id, q);
      return {
        total,
        devices: rows.map((d) => ({
          deviceId: d.device_id,
          serialNumber: d.serial_number,
          wave: d.wave,
          state: d.state,
          reason: d.reason,
          softwareVersion: d.software_version,
          updatedAt: d.updated_at,
        })),
      };
    },
    /** Upgraded and failed over time: one point per finish, thinned to at most 200. */
    async progress(id: string): Promise<CampaignProgress> {
      const r = await row(id);
      const points = [{ timestamp: r.created_at, upgraded: 0, failed: 0 }];
      let upgraded = 0;
      let failed = 0;
      for (const f of await repo.finishes(id)) {
        if (f.state === 'upgraded') upgraded++;
        else failed++;
        points.push({ timestamp: f.finished_at!, upgraded, failed });
      }
      if (points.length <= MAX_POINTS) return { points };
      const every = (points.length - 1) / (MAX_POINTS - 1);
      return {
        points: Array.from({ length: MAX_POINTS }, (_, i) => points[Math.round(i * every)]!),
      };
    },
    async pause(id: string): Promise<Campaign> {
      const r = await row(id);
      if (!['running', 'waiting', 'soaking'].includes(r.state))
        throw new AppError(
          409,
          'Campaign cannot be paused',
          `The campaign is ${r.state}; only a running, waiting or soaking campaign can be paused.`,
        );
      await set(r, { state: 'paused' });
      return this.get(id);
    },
    async resume(id: string): Promise<Campaign> {
      const r = await row(id);
      if (r.state !== 'paused' && r.state !== 'halted')
        throw new AppError(
          409,
          'Campaign cannot be resumed',
          `The campaign is ${r.state}; only a paused or halted campaign can be resumed.`,
        );
      // A pause while soaking soaks on; a halted campaign resumed as it is goes on to its next wave.
      const soaking = r.soak_until !== null && r.soak_until > new Date().toISOString();
      await set(r, { state: soaking ? 'soaking' : 'running', reason: null });
      void scheduler.kick();
      return this.get(id);
    },
    /** Stops the campaign: jobs not yet started are cancelled; routers already upgrading finish. */
    async cancel(id: string): Promise<Campaign> {
      const r = await row(id);
      if (r.state === 'cancelled' || r.state === 'completed')
        throw new AppError(409, 'Campaign already over', `The campaign is ${r.state} already.`);
      await set(r, {
        state: 'cancelled',
        reason: 'Cancelled by an operator.',
        finished_at: new Date().toISOString(),
      });
      for (const jobId of await repo.upgradingJobs(id))
        await jobs.cancelPending(jobId, 'The campaign was cancelled.');
      void scheduler.kick();
      return this.get(id);
    },
    /** Failed routers back to pending in their waves; a halted campaign runs again. */
    async retryFailed(id: string): Promise<Campaign> {
      const r = await row(id);
      if (r.state === 'cancelled' || r.state === 'completed')
        throw new AppError(
          409,
          'Campaign is over',
          `The campaign is ${r.state}; start a new campaign for these routers.`,
        );
      const n = await repo.retryFailed(id, new Date().toISOString());
      if (n === 0) throw new AppError(409, 'Nothing to retry', 'No router of this campaign has failed.');
      // The current wave is judged again once its retried routers are done.
      const times = waveTimesOf(r);
      const w = times[r.current_wave];
      if (w) w.finishedAt = null;
      await set(r, {
        wave_times: JSON.stringify(times),
        ...(r.state === 'halted' ? { state: 'running' as const, reason: null } : {}),
      });
      void scheduler.kick();
      return this.get(id);
    },
    stop: async () => {
      await scheduler.stop();
      updates.stop();
    },
  };

  async function set(r: CampaignRow, patch: Partial<CampaignRow>): Promise<void> {
    await repo.updateCampaign(r.id, { ...patch, updated_at: new Date().toISOString() });
    updates.touch(r.id);
  }
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
