// The campaign scheduler (issue 21): the one place that moves campaigns on. A tick about once a
// second, and one soon after a campaign's job finishes (job_update on the bus), reads each campaign's
// state from the database and: records the outcome of finished upgrade jobs (evidence: the job type
// completes only when the router is back on the target version, and fails saying why otherwise),
// fails routers past the campaign's deadline, starts routers of the current wave as firmware-upgrade
// jobs while fewer than maxConcurrent upgrade (only inside the window), and when a wave is over halts
// the campaign if too many failed, or soaks and goes on to the next wave, or completes. Nothing is
// kept in memory between ticks, so a restart carries on where it was.
import type { CampaignRow } from '../../db/tables/campaigns';
import type { DevicesService } from '../devices/index';
import type { JobsService } from '../jobs/index';
import type { EventBus } from '../live/index';
import type { CampaignsRepository } from './repository';
import { insideWindow } from './waves';
import { wavesOf, waveTimesOf, windowOf } from './view';

export interface SchedulerOptions {
  /** How often every active campaign is looked at. */
  intervalMs: number;
  onError: (err: unknown) => void;
}

export interface SchedulerDeps {
  repo: CampaignsRepository;
  jobs: JobsService;
  devices: DevicesService;
  bus: EventBus;
  /** A campaign changed: its campaign_update is due. */
  changed: (id: string) => void;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export function createCampaignScheduler(deps: SchedulerDeps, o: SchedulerOptions) {
  const { repo, jobs, bus, changed } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  /** Campaigns (perhaps cancelled or halted) whose jobs finished since the last tick. */
  const touched = new Set<string>();

  let stopListening: (() => void)[] = [];

  function onJobUpdate({ id, type, status }: { id: string; type: string; status: string }): void {
    if (type !== 'firmware-upgrade' || !TERMINAL.has(status)) return;
    repo
      .campaignOfJob(id)
      .then((campaignId) => {
        if (campaignId) {
          touched.add(campaignId);
          kick();
        }
      })
      .catch(o.onError);
  }

  /**
   * Runs a tick now, or right after the one under way: ticks never overlap. Only while started: one
   * process of those sharing the database runs the scheduler (the cluster's leader, background.ts);
   * a campaign created or moved in another is seen at the leader's next tick.
   */
  function kick(): Promise<void> {
    if (!timer) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await tick().catch(o.onError);
      } while (again);
    })().finally(() => (running = null));
    return running;
  }

  async function tick(): Promise<void> {
    const active = await repo.activeCampaigns();
    const ids = new Set(active.map((c) => c.id));
    const others = [...touched].filter((id) => !ids.has(id));
    touched.clear();
    for (const id of others) {
      const row = await repo.findCampaign(id);
      if (row) await recordOutcomes(row);
    }
    for (const row of active) await step(row);
  }

  /** Finished upgrade jobs become upgraded or failed routers, with the job's reason. */
  async function recordOutcomes(row: CampaignRow): Promise<boolean> {
    const at = new Date().toISOString();
    let any = false;
    for (const f of await repo.finishedJobs(row.id)) {
      any = true;
      if (f.status === 'completed') {
        await repo.setDevice(row.id, f.device_id, { state: 'upgraded', reason: null, finished_at: at }, at);
      } else if (f.status === 'cancelled') {
        // Cancelled before the router started (the campaign was cancelled): untouched, so pending.
        const reason = 'Not upgraded: its upgrade job was cancelled before the router started it.';
        await repo.setDevice(
          row.id,
          f.device_id,
          { state: 'pending', reason, job_id: null, started_at: null },
          at,
        );
      } else {
        const reason = f.error ?? 'The upgrade job failed.';
        await repo.setDevice(row.id, f.device_id, { state: 'failed', reason, finished_at: at }, at);
      }
    }
    if (any) changed(row.id);
    return any;
  }

  async function update(row: CampaignRow, patch: Partial<CampaignRow>): Promise<CampaignRow> {
    const next = { ...row, ...patch, updated_at: new Date().toISOString() };
    await repo.updateCampaign(row.id, { ...patch, updated_at: next.updated_at });
    changed(row.id);
    return next;
  }

  /** Routers past the campaign's deadline fail (their job with them, if it still waits). */
  async function failOverdue(row: CampaignRow): Promise<void> {
    const before = new Date(Date.now() - row.deadline_minutes * 60_000).toISOString();
    for (const d of await repo.overdue(row.id, before)) {
      const minutes = `${row.deadline_minutes} minute${row.deadline_minutes === 1 ? '' : 's'}`;
      const reason = `Not back on version "${row.target_version}" within ${minutes} of the Download: check that the router can reach the file URL and boots the image, then retry.`;
      if (d.job_id) await jobs.fail(d.job_id, reason).catch(() => undefined);
      const at = new Date().toISOString();
      await repo.setDevice(row.id, d.device_id, { state: 'failed', reason, finished_at: at }, at);
      changed(row.id);
    }
  }

  async function step(initial: CampaignRow): Promise<void> {
    let row = initial;
    await recordOutcomes(row);
    await failOverdue(row);
    if (row.state === 'paused') return;
    const now = new Date();
    if (row.state === 'soaking') {
      if (row.soak_until !== null && row.soak_until > now.toISOString()) return;
      row = await startWave(row, row.current_wave + 1);
    }
    const open = insideWindow(windowOf(row), now);
    if (!open && row.state === 'running') row = await update(row, { state: 'waiting' });
    if (open && row.state === 'waiting') row = await update(row, { state: 'running' });
    if (open) await startRouters(row);
    await finishWave(row);
  }

  async function startWave(row: CampaignRow, wave: number): Promise<CampaignRow> {
    const times = waveTimesOf(row);
    times[wave] = { startedAt: new Date().toISOString(), finishedAt: null };
    return update(row, {
      state: 'running',
      current_wave: wave,
      soak_until: null,
      wave_times: JSON.stringify(times),
    });
  }

  /** Starts routers of the current wave (and earlier ones that were offline) while slots are free. */
  async function startRouters(row: CampaignRow): Promise<void> {
    const slots = row.max_concurrent - (await repo.countState(row.id, 'upgrading'));
    if (slots <= 0) return;
    const devices = await repo.startable(row.id, row.current_wave, slots);
    if (devices.length === 0) return;
    const created = await jobs.create(devices, 'firmware-upgrade', {
      fileId: row.file_id,
      version: row.target_version,
    });
    const at = new Date().toISOString();
    for (const job of created) {
      await repo.setDevice(
        row.id,
        job.device_id,
        { state: 'upgrading', job_id: job.id, reason: null, started_at: at, finished_at: null },
        at,
      );
    }
    changed(row.id);
    // An operator's pause or cancel (in this process or another) may have landed while this tick
    // ran on the row it read at its start: the cancel's own sweep of upgrading jobs may then have
    // missed these. They are taken back before any router starts them (recordOutcomes then puts
    // their routers back to pending, untouched), so nothing starts after a pause or a cancel.
    const now = await repo.findCampaign(row.id);
    if (now?.state !== 'running') {
      const reason =
        now?.state === 'cancelled'
          ? 'The campaign was cancelled.'
          : `The campaign is ${now?.state ?? 'gone'}.`;
      for (const job of created) await jobs.cancelPending(job.id, reason);
      // Their routers back to pending now, not at the next tick: none of them started.
      await recordOutcomes(row);
    }
  }

  /** The current wave is over when none of its routers upgrades or waits online to start. */
  async function finishWave(initial: CampaignRow): Promise<void> {
    let row = initial;
    const times = waveTimesOf(row);
    const w = row.current_wave;
    const last = wavesOf(row).length;
    if (times[w]?.finishedAt && w < last) {
      // The wave was judged before a pause or a halt that the operator resumed: the next one starts.
      row = await startWave(row, w + 1);
      return startRouters(row);
    }
    if (times[w]?.finishedAt) {
      // The last wave passed: the campaign completes once routers that were offline are done too.
      if (
        w === last &&
        (await repo.countState(row.id, 'pending')) + (await repo.countState(row.id, 'upgrading')) === 0
      )
        await update(row, { state: 'completed', finished_at: new Date().toISOString() });
      return;
    }
    if ((await repo.holding(row.id, w)) > 0) return;
    const counts = (await repo.counts([row.id])).get(row.id)!.get(w) ?? {
      pending: 0,
      upgrading: 0,
      upgraded: 0,
      failed: 0,
    };
    const total = counts.pending + counts.upgrading + counts.upgraded + counts.failed;
    const at = new Date().toISOString();
    times[w] = { startedAt: times[w]?.startedAt ?? at, finishedAt: at };
    const rate = total === 0 ? 0 : (counts.failed / total) * 100;
    if (rate > row.failure_threshold) {
      const reasons = await repo.failureReasons(row.id, w, 3);
      const name = w === 0 ? 'The canary (wave 0)' : `Wave ${w}`;
      const reason =
        `${name} failed ${counts.failed} of ${total} routers (${Math.round(rate * 10) / 10}%), above the ` +
        `${row.failure_threshold}% threshold: ${reasons.join('; ')}. Look at the failed routers, then retry them or cancel the campaign.`;
      await update(row, { state: 'halted', reason, wave_times: JSON.stringify(times) });
      bus.publish('system_alert', {
        level: 'error',
        message: `Campaign "${row.name}" halted. ${reason}`,
        details: { campaignId: row.id, wave: w, failed: counts.failed, total },
      });
      return;
    }
    if (w === last) {
      row = await update(row, { wave_times: JSON.stringify(times) });
      return finishWave(row);
    }
    if (row.soak_minutes > 0) {
      await update(row, {
        state: 'soaking',
        wave_times: JSON.stringify(times),
        soak_until: new Date(Date.now() + row.soak_minutes * 60_000).toISOString(),
      });
      return;
    }
    row = await startWave({ ...row, wave_times: JSON.stringify(times) }, w + 1);
    await startRouters(row);
  }

  return {
    kick,
    start(): void {
      if (timer) return;
      timer = setInterval(() => void kick(), o.intervalMs);
      timer.unref();
      // Upgrades finished here, and in the other processes sharing the database.
      stopListening = [bus.on('job_update', onJobUpdate), bus.onRemote('job_update', onJobUpdate)];
      void kick();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const stop of stopListening) stop();
      stopListening = [];
      await running;
    },
  };
}

export type CampaignScheduler = ReturnType<typeof createCampaignScheduler>;
