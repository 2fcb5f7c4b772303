// Jobs: creation (announced on the bus as jobs_arrived: the device's session runs them, or a
// connection request wakes it), the life cycle pending -> running -> completed | failed | cancelled,
// operator actions (spec §4: retry, mark complete, mark failed), expiry, and recovery after a
// restart. Every change publishes job_update.
// The device's status is not this module's: it tells the devices service the facts it owns about a
// device's jobs (devices/status.ts JobFacts) after every change, and the devices service decides.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Job, JobResult, PublicJobParams } from '../../contract';
import type { DeviceContact, DeviceRow } from '../../db/tables/devices';
import type { JobRow, JobStatus, JobType } from '../../db/tables/jobs';
import { AppError } from '../../errors';
import { storedValue, type DevicesService, type JobFacts, type JobFactsRow } from '../devices/index';
import type { EventBus } from '../live/index';
import {
  commandKeyOf,
  overdueError,
  waitPhaseOf,
  waitSecondsOf,
  type JobState,
  type ParameterWrite,
  type WaitLimits,
} from './descriptor';
import type { JobListQuery, JobsRepository } from './repository';
import { descriptorOf } from './types';

/**
 * A job's parameters as stored, read back for the API (each job type's own, exact type is its
 * descriptor's in types/): every field any type has, each optional.
 */
export interface JobParams {
  parameters?: (ParameterWrite | string)[];
  path?: string;
  objectName?: string;
  delaySeconds?: number;
  fileId?: string;
  firmwareUrl?: string;
  version?: string;
  targetPath?: string;
  filePath?: string;
  fileType?: string;
  profileId?: string;
  profileVersion?: number;
  /** Secret in the /files URL that lets the CPE fetch or send this job's file. */
  token?: string;
}

/** A job to create: its type, parameters and lifetime (the default when absent). */
export interface NewJob {
  type: JobType;
  params: JobParams;
  ttlSeconds?: number;
  /** The bulk operation the job belongs to (jobs/operations.ts); none for a single device's job. */
  operationId?: string | null;
}

export interface JobsServiceOptions {
  /** Default lifetime of a job that has not finished, in seconds. */
  defaultTtlSeconds: number;
  /** How long a job may wait for its device to report back before it fails (config.ts). */
  waits: WaitLimits;
  /** This process (cluster_processes.id): the owner of the jobs it starts. */
  processId: string;
}

/**
 * Jobs whose RPC is out that a process keeps as written (createJobsService inFlight): one per session
 * waiting for an answer; past it the oldest are read from the database again at their answer.
 */
const IN_FLIGHT_MAX = 20_000;

/** A job nobody holds: not running, or waiting for its device (any process may see the report). */
const RELEASED = { owner: null, session_id: null } as const;

/**
 * A job's parameters as the API answers them, field by field: never the secret of a transfer's file
 * URL (`token`), and a link credential written only as the device's tree keeps it
 * (devices/parameters.ts storedValue).
 */
function publicParams(p: JobParams): PublicJobParams {
  return {
    parameters: p.parameters?.map((x) =>
      typeof x === 'string' ? x : { name: x.name, value: storedValue(x.name, x.value), type: x.type },
    ),
    path: p.path,
    objectName: p.objectName,
    delaySeconds: p.delaySeconds,
    fileId: p.fileId,
    firmwareUrl: p.firmwareUrl,
    version: p.version,
    targetPath: p.targetPath,
    filePath: p.filePath,
    fileType: p.fileType,
    profileId: p.profileId,
    profileVersion: p.profileVersion,
  };
}

/**
 * A job's result as the API answers it, field by field (contract/jobs.ts jobResult); the values
 * written or read without a link credential's value (devices/parameters.ts storedValue).
 */
function publicResult(r: JobResult): JobResult {
  return {
    status: r.status,
    parameters: r.parameters?.map((p) => ({
      name: p.name,
      value: storedValue(p.name, p.value),
      type: p.type,
    })),
    skipped: r.skipped?.map((p) => ({ name: p.name, reason: p.reason })),
    profileId: r.profileId,
    version: r.version,
    path: r.path,
    count: r.count,
    instanceNumber: r.instanceNumber,
    events: r.events,
    commandKeyMatched: r.commandKeyMatched,
    transferred: r.transferred,
    fileId: r.fileId,
    softwareVersion: r.softwareVersion,
  };
}

export function toApiJob(row: JobRow): Job {
  return {
    id: row.id,
    deviceId: row.device_id,
    type: row.type,
    status: row.status,
    params: publicParams(JSON.parse(row.params) as JobParams),
    attempts: row.attempts,
    error: row.error,
    faultCode: row.fault_code,
    result: row.result === null ? null : publicResult(JSON.parse(row.result) as JobResult),
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
    operationId: row.operation_id,
  };
}

export function createJobsService(
  repo: JobsRepository,
  devices: DevicesService,
  bus: EventBus,
  o: JobsServiceOptions,
) {
  const now = () => new Date(Date.now()).toISOString();
  const deadline = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  /** Until when a job in this state waits for its device to report back (null: it does not wait). */
  const waitUntil = (state: JobState) => {
    const phase = waitPhaseOf(state);
    return phase ? deadline(waitSecondsOf(phase, o.waits)) : null;
  };

  function publish(job: JobRow): void {
    bus.publish('job_update', {
      id: job.id,
      type: job.type,
      status: job.status,
      deviceId: job.device_id,
      error: job.error,
      operationId: job.operation_id,
    });
  }

  /**
   * Writes `patch` (with updated_at) by `write`, which answers whether the row matched its guard;
   * publishes job_update when the status moved from `from`. The job as written, or null.
   */
  async function setWhere(
    job: JobRow,
    patch: Partial<JobRow>,
    from: JobStatus,
    write: (written: Partial<JobRow>) => Promise<boolean>,
  ): Promise<JobRow | null> {
    const next = { ...job, ...patch, updated_at: now() };
    if (!(await write({ ...patch, updated_at: next.updated_at }))) return null;
    if (patch.status !== undefined && patch.status !== from) publish(next);
    return next;
  }

  async function set(job: JobRow, patch: Partial<JobRow>): Promise<JobRow> {
    const next = await setWhere(job, patch, job.status, async (w) => {
      await repo.update(job.id, w);
      return true;
    });
    return next!;
  }

  /**
   * `set`, only if the job is still pending: null when something else (an operator, a cancelled
   * campaign, the job engine) moved it meanwhile, which then has the last word. `asRead`: only if the
   * row is still as `job` shows it, and (`first`) no unfinished job of its device comes before it.
   */
  function setIfPending(
    job: JobRow,
    patch: Partial<JobRow>,
    asRead = false,
    first = true,
  ): Promise<JobRow | null> {
    return setWhere(job, patch, 'pending', (w) =>
      asRead
        ? repo.updateIfAsRead(job.id, job.updated_at, w, first)
        : repo.updateIfStatus(job.id, 'pending', w),
    );
  }

  /** `set`, only if the job still runs, held by the process and session `job` names; null otherwise. */
  function setIfHeld(job: JobRow, patch: Partial<JobRow>): Promise<JobRow | null> {
    return setWhere(job, patch, job.status, (w) => repo.updateIfHeld(job.id, job.owner, job.session_id, w));
  }

  async function get(id: string): Promise<JobRow> {
    const job = await repo.findById(id);
    if (!job) throw new AppError(404, 'Job not found', `No job has the id "${id}".`);
    return job;
  }

  /**
   * A new job's row. A device's jobs run in creation order (then by id, which is random): the
   * `index`-th of several made for one device at once is made that many milliseconds later, so they
   * run in the order given.
   */
  function newRow(deviceId: string, spec: NewJob, index = 0): JobRow {
    const created = new Date(Date.now() + index).toISOString();
    const ttl = spec.ttlSeconds ?? o.defaultTtlSeconds;
    // Each transfer job gets its own secret for the file URL the CPE will use.
    const transfer = descriptorOf(spec.type).transfer !== undefined;
    return {
      id: randomUUID(),
      device_id: deviceId,
      type: spec.type,
      params: JSON.stringify(
        transfer ? { ...spec.params, token: randomBytes(24).toString('base64url') } : spec.params,
      ),
      status: 'pending',
      attempts: 0,
      error: null,
      fault_code: null,
      result: null,
      state: null,
      command_key: null,
      wait_until: null,
      operation_id: spec.operationId ?? null,
      owner: null,
      session_id: null,
      created_at: created,
      started_at: null,
      finished_at: null,
      expires_at: new Date(Date.parse(created) + ttl * 1000).toISOString(),
      updated_at: created,
    };
  }

  /**
   * The jobs whose RPC is out in a session of this process, each as last written here: the answer
   * takes its job from here (`answering`), not from the database, and every write it makes is
   * guarded by the job still running, held by this process in that session (an operator's word, a
   * takeover or a reclaim since is the last). The answer or the session's end (`unanswered`) takes
   * each out; the oldest are dropped past IN_FLIGHT_MAX (their answers read the job).
   */
  const inFlight = new Map<string, JobRow>();
  function holdInFlight(row: JobRow): void {
    inFlight.delete(row.id);
    inFlight.set(row.id, row);
    if (inFlight.size > IN_FLIGHT_MAX) inFlight.delete(inFlight.keys().next().value!);
  }

  /** Per device, the telling under way: they run one after another (see tellDevices). */
  const telling = new Map<string, Promise<void>>();

  /** Runs `run` in the device's next turn of telling, after every telling under way for it. */
  function inTellingTurn(deviceId: string, run: () => Promise<void>): Promise<void> {
    const next = (telling.get(deviceId) ?? Promise.resolve()).then(run, run);
    telling.set(deviceId, next);
    const forget = () => {
      if (telling.get(deviceId) === next) telling.delete(deviceId);
    };
    next.then(forget, forget);
    return next;
  }

  /**
   * Tells the devices service what the jobs table now says of a device's jobs: whether jobs wait
   * and whether one runs, read here, and whether the last finished job failed when the caller knows
   * (`lastFailed`) or asks to read it ('read'); when a job was just set running (`started`), jobs wait
   * and one runs, which needs no read. One device's tellings run in order, each reading after the one
   * before was written, so the last written is the latest read (in this process). Answers the
   * unfinished jobs it read (null when it read none).
   */
  function tellDevices(
    deviceId: string,
    { lastFailed, started }: { lastFailed?: boolean | 'read'; started?: true } = {},
  ): Promise<JobRow[] | null> {
    let unfinished: JobRow[] | null = null;
    const run = async () => {
      unfinished = started ? null : await repo.unfinished(deviceId);
      const facts: Partial<JobFacts> = unfinished
        ? { waiting: unfinished.length > 0, running: unfinished.some((j) => j.status === 'running') }
        : { waiting: true, running: true };
      if (lastFailed === 'read') facts.lastFailed = (await repo.lastFinished(deviceId))?.status === 'failed';
      else if (lastFailed !== undefined) facts.lastFailed = lastFailed;
      await devices.recordJobFacts(deviceId, facts);
    };
    return inTellingTurn(deviceId, run).then(() => unfinished);
  }

  /**
   * The device's unfinished jobs, for the engine to pick the next (`runs`: whether one of them is to
   * run now). Read in the device's turn of telling, like every telling's read: when none is to run,
   * the facts this read shows are told in the same turn (the safety net for a device whose facts an older version wrote or a failed write lost), so a job
   * created since is never told away (jobsArrived waits for this turn, or this read sees the job).
   */
  function unfinishedToRun(
    deviceId: string,
    runs: (unfinished: readonly JobRow[]) => boolean,
  ): Promise<JobRow[]> {
    let read: JobRow[] = [];
    return inTellingTurn(deviceId, async () => {
      read = await repo.unfinished(deviceId);
      if (runs(read)) return;
      await devices.recordJobFacts(deviceId, {
        waiting: read.length > 0,
        running: read.some((j) => j.status === 'running'),
      });
    }).then(() => read);
  }

  /**
   * New jobs wait for these devices: told once every telling under way for them is written (one
   * that read before the jobs existed would otherwise tell them away), then announced.
   */
  async function jobsArrived(targets: readonly DeviceContact[]): Promise<void> {
    const ids = targets.map((d) => d.id);
    await Promise.all(ids.map((id) => telling.get(id)?.catch(() => undefined)));
    await devices.markJobsWaiting(ids);
    bus.signal('jobs_arrived', { devices: targets });
  }

  /**
   * The job finishes; answers the device's unfinished jobs as read right after. `held`: only if it
   * still runs, held by this process in its session (`job` as written here: an answer's); null when
   * it no longer is, and nothing is written.
   */
  async function finishAndRead(
    job: JobRow,
    status: 'completed' | 'failed' | 'cancelled',
    r: { result?: unknown; error?: string; faultCode?: number | null },
    held = false,
  ): Promise<{ done: JobRow; unfinished: readonly JobRow[] } | null> {
    const patch: Partial<JobRow> = {
      status,
      result: r.result === undefined ? job.result : JSON.stringify(r.result),
      error: r.error ?? (status === 'completed' ? null : job.error),
      fault_code: r.faultCode ?? (status === 'completed' ? null : job.fault_code),
      state: null,
      wait_until: null,
      finished_at: now(),
      ...RELEASED,
    };
    const done = { ...job, ...patch, updated_at: now() };
    const written = { ...patch, updated_at: done.updated_at };
    // In the device's telling turn, as every telling's read: the finish and the read of what is left
    // (one statement on PostgreSQL), then the facts that read shows. It is the job that finished last
    // now (a cancelled one is not counted).
    // On PostgreSQL the facts of the commonest case (no unfinished job left) go in that statement,
    // run only when its read finds none.
    let unfinished: JobRow[] | null = null;
    const lastFailed = status === 'cancelled' ? {} : { lastFailed: status === 'failed' };
    const facts = repo.carries
      ? devices.jobFactsWith(job.device_id, { waiting: false, running: false, ...lastFailed })
      : undefined;
    let carried: { row: JobFactsRow | undefined } | undefined;
    const turn = inTellingTurn(job.device_id, async () => {
      unfinished = await repo.finishAndReadUnfinished(
        job.id,
        job.device_id,
        written,
        held ? { owner: job.owner, session: job.session_id } : undefined,
        facts && { statement: facts.statement, ran: (row) => (carried = { row }) },
      );
      if (!unfinished) return;
      if (status !== job.status) publish(done);
      if (carried && facts) facts.took(carried.row);
      else
        await devices.recordJobFacts(job.device_id, {
          waiting: unfinished.length > 0,
          running: unfinished.some((j) => j.status === 'running'),
          ...lastFailed,
        });
    });
    return turn.then(() => (unfinished ? { done, unfinished } : null));
  }

  return {
    get,
    /** The job with this id, if there is one. */
    find: (id: string) => repo.findById(id),
    list: (q: JobListQuery) => repo.list(q),
    unfinishedOf: (deviceId: string) => repo.unfinished(deviceId),
    unfinishedToRun,
    countByStatus: () => repo.countByStatus(),

    /**
     * Creates one job per device, and announces them (jobs_arrived) once the devices know. The jobs of
     * a bulk call name its operation (operations.ts).
     */
    async create(
      targets: readonly DeviceContact[],
      type: JobType,
      params: JobParams,
      ttlSeconds = o.defaultTtlSeconds,
      operationId: string | null = null,
    ): Promise<JobRow[]> {
      const rows = targets.map((d) => newRow(d.id, { type, params, ttlSeconds, operationId }));
      await repo.insertMany(rows);
      for (const row of rows) publish(row);
      await jobsArrived(targets);
      return rows;
    },

    /**
     * Creates the jobs the ACS makes for a device at the start of its session (engine.ts
     * sessionStarted), in one statement. That session runs them: nobody is woken (no jobs_arrived);
     * the device is told that jobs wait, so that another session runs them if this one ends first.
     */
    async createInSession(deviceId: string, specs: readonly NewJob[]): Promise<JobRow[]> {
      if (specs.length === 0) return [];
      const rows = specs.map((spec, i) => newRow(deviceId, spec, i));
      await repo.insertMany(rows);
      for (const row of rows) publish(row);
      await telling.get(deviceId)?.catch(() => undefined);
      await devices.markJobsWaiting([deviceId]);
      return rows;
    },

    /**
     * A job the ACS decided not to run, kept as failed with the reason in the device's history
     * (and announced by job_update), so that work left undone is never silent: e.g. a profile that
     * could not be applied at a router's bootstrap (assignment.ts). It sends no RPC.
     */
    async refuse(target: DeviceRow, type: JobType, params: JobParams, error: string): Promise<JobRow> {
      const made = newRow(target.id, { type, params });
      const row: JobRow = {
        ...made,
        params: JSON.stringify(params),
        status: 'failed',
        error,
        finished_at: made.created_at,
        expires_at: made.created_at,
      };
      await repo.insertMany([row]);
      publish(row);
      await tellDevices(target.id, { lastFailed: true });
      return row;
    },

    /** The unfinished job of a device whose RPC carried this CommandKey. */
    async findByCommandKey(deviceId: string, commandKey: string): Promise<JobRow | undefined> {
      if (!commandKey) return undefined;
      return (await repo.unfinished(deviceId)).find((j) => j.command_key === commandKey);
    },

    /** The job as `start` would make it (its view may be built, and its first step decided, before). */
    asStarted(job: JobRow, sessionId: string | null = null): JobRow {
      return {
        ...job,
        status: 'running',
        attempts: job.attempts + 1,
        command_key: commandKeyOf(job),
        owner: o.processId,
        session_id: sessionId,
      };
    },

    /**
     * A pending job starts, held by this process in the session `sessionId`; null when it is no
     * longer pending (cancelled, finished or started elsewhere meanwhile). `state`: the state of its
     * first step (engine.ts: an RPC sent as it starts), written in the same guarded statement.
     * `asRead`: `job` was read some time ago (engine.ts toStart), so it starts only if its row is
     * unchanged since (a retry resets its attempts) and no unfinished job of its device comes before
     * it (one retried or made meanwhile, in any process); null otherwise, and the caller reads again.
     */
    async start(
      job: JobRow,
      sessionId: string | null = null,
      state?: JobState,
      asRead = false,
    ): Promise<JobRow | null> {
      const patch: Partial<JobRow> = {
        status: 'running',
        attempts: job.attempts + 1,
        started_at: job.started_at ?? now(),
        state: state ? JSON.stringify(state) : null,
        command_key: commandKeyOf(job),
        wait_until: state ? waitUntil(state) : null,
        owner: o.processId,
        session_id: sessionId,
      };
      let started = null as JobRow | null;
      if (repo.carries) {
        // The claim and what it tells the device (jobs wait, one runs) in one statement, in the
        // device's telling turn as every telling.
        const facts = devices.jobFactsWith(job.device_id, { waiting: true, running: true });
        let told: JobFactsRow | undefined;
        await inTellingTurn(job.device_id, async () => {
          started = await setWhere(job, patch, 'pending', (w) =>
            repo.claimCarrying(job.id, w, asRead ? job.updated_at : undefined, {
              statement: facts.statement,
              ran: (row) => (told = row),
            }),
          );
          if (started) facts.took(told);
        });
      } else {
        started = await setIfPending(job, patch, asRead);
        if (started) await tellDevices(job.device_id, { started: true });
      }
      if (started && state?.inFlight) holdInFlight(started);
      return started;
    },

    /**
     * A background job goes on where it stopped (engine.ts): running again with its state, and no
     * new attempt (attempts count sessions that lost its RPC, not the steps it takes). `asRead`: only
     * if its row is still as `job` shows it.
     */
    async resume(job: JobRow, sessionId: string | null = null, asRead = false): Promise<JobRow | null> {
      const resumed = await setIfPending(
        job,
        { status: 'running', command_key: commandKeyOf(job), owner: o.processId, session_id: sessionId },
        asRead,
        false,
      );
      if (!resumed) return null;
      await tellDevices(job.device_id, { started: true });
      return resumed;
    },

    /**
     * A background job's step is over (descriptor.ts `yield`): it waits like a new job, with its
     * state, for the device's next session; the device is no longer provisioning meanwhile.
     */
    async park(job: JobRow, state: JobState, held = false): Promise<boolean> {
      inFlight.delete(job.id);
      const patch = { status: 'pending' as const, state: JSON.stringify(state), ...RELEASED };
      if (!(held ? await setIfHeld(job, patch) : await set(job, patch))) return false;
      await tellDevices(job.device_id);
      return true;
    },

    /**
     * The job runs again from its start (descriptor.ts `again`): pending, without its state, its
     * attempts kept; the device is told, so this session or its next one starts it. False when it
     * finished meanwhile (an operator's word is the last).
     */
    async again(job: JobRow, held = false): Promise<boolean> {
      const patch = { status: 'pending' as const, state: null, wait_until: null, ...RELEASED };
      inFlight.delete(job.id);
      const written = { ...patch, updated_at: now() };
      const moved = held
        ? await repo.updateIfHeld(job.id, job.owner, job.session_id, written)
        : await repo.updateIfStatus(job.id, job.status, written);
      if (!moved) return false;
      publish({ ...job, ...patch });
      await tellDevices(job.device_id);
      return true;
    },

    /**
     * The job's state between steps. A job that now waits for its device to report back (a boot, a
     * TransferComplete) waits until a deadline; failOverdueWaits fails it after that.
     */
    async progress(job: JobRow, state: JobState, held = false): Promise<boolean> {
      const patch = { state: JSON.stringify(state), wait_until: waitUntil(state), updated_at: now() };
      inFlight.delete(job.id);
      if (held) {
        if (!(await repo.updateIfHeld(job.id, job.owner, job.session_id, patch))) return false;
      } else await repo.update(job.id, patch);
      if (state.inFlight) holdInFlight({ ...job, ...patch });
      return true;
    },

    /**
     * The job an answer is for: as this process wrote it when its RPC went out (no read), else as
     * stored (one of more than IN_FLIGHT_MAX, or taken out by a takeover). Its writes are then
     * guarded (finishAndRead, progress, park and again `held`).
     */
    async answering(id: string): Promise<JobRow | undefined> {
      const sent = inFlight.get(id);
      if (sent) {
        inFlight.delete(id);
        return sent;
      }
      return repo.findById(id);
    },

    /** An RPC of the job will get no answer: this process forgets it as sent. */
    unanswered(id: string): void {
      inFlight.delete(id);
    },

    async finish(
      job: JobRow,
      status: 'completed' | 'failed' | 'cancelled',
      r: { result?: unknown; error?: string; faultCode?: number | null },
    ): Promise<JobRow> {
      return (await finishAndRead(job, status, r))!.done;
    },

    /**
     * `finish`, answering also the device's unfinished jobs as the telling that followed it read them
     * (engine.ts: a session whose job finished ends on that read, without reading them again).
     */
    finishAndRead,

    /** spec §4: retry a failed or cancelled job (or nudge a pending one). */
    async retry(id: string): Promise<JobRow> {
      const job = await get(id);
      if (job.status === 'running' || job.status === 'completed') {
        throw new AppError(
          409,
          'Job cannot be retried',
          `The job is ${job.status}; only failed, cancelled or pending jobs can be retried.`,
        );
      }
      const ttl = o.defaultTtlSeconds * 1000;
      const retried = await set(job, {
        status: 'pending',
        attempts: 0,
        error: null,
        fault_code: null,
        state: null,
        wait_until: null,
        finished_at: null,
        expires_at: new Date(Date.now() + ttl).toISOString(),
        ...RELEASED,
      });
      // A failed job retried is no longer the last one finished.
      await tellDevices(job.device_id, { lastFailed: 'read' });
      const device = await devices.findById(job.device_id);
      if (device) bus.signal('jobs_arrived', { devices: [device] });
      return retried;
    },

    /**
     * Cancels a job that has not started (a campaign cancelled, issue 21): answers whether it was
     * cancelled; a job already running or finished is left to finish.
     */
    async cancelPending(id: string, reason: string): Promise<boolean> {
      const job = await repo.findById(id);
      if (!job || job.status !== 'pending') return false;
      // Guarded: a job the engine started meanwhile runs on (one statement decides, not the read).
      const cancelled = await setIfPending(job, {
        status: 'cancelled',
        error: reason,
        state: null,
        wait_until: null,
        finished_at: now(),
        ...RELEASED,
      });
      if (!cancelled) return false;
      await tellDevices(job.device_id, {});
      return true;
    },

    /** spec §4: mark complete (an operator saw it done). */
    async complete(id: string): Promise<JobRow> {
      const job = await get(id);
      if (job.status === 'completed') return job;
      return this.finish(job, 'completed', {});
    },

    /** spec §4: mark failed, with the operator's reason. */
    async fail(id: string, error: string): Promise<JobRow> {
      const job = await get(id);
      if (job.status === 'completed' || job.status === 'failed') {
        throw new AppError(
          409,
          'Job already finished',
          `The job is ${job.status}; it cannot be marked failed.`,
        );
      }
      return this.finish(job, 'failed', { error });
    },

    /** Fails jobs past their expiry with a reason a person can act on. */
    async expire(): Promise<number> {
      const expired = await repo.expired(now());
      for (const job of expired) {
        await this.finish(job, 'failed', {
          error: `Expired: the device did not complete the job before ${job.expires_at}. Check that it is online, then retry.`,
        });
      }
      return expired.length;
    },

    /**
     * Fails the jobs that waited for their device past their deadline (a router that never came back
     * from a reboot, never reported a transfer), saying why, so that the device's next jobs may run:
     * devices with jobs left are announced (jobs_arrived) to be woken for them.
     */
    async failOverdueWaits(): Promise<number> {
      const at = now();
      const woken = new Set<string>();
      let n = 0;
      for (const job of await repo.overdueWaits(at)) {
        const state = job.state ? (JSON.parse(job.state) as JobState) : {};
        const phase = waitPhaseOf(state);
        // The device reported back (or an operator finished the job) since it was read: theirs wins.
        if (!phase || job.wait_until === null || !(await repo.claimWait(job.id, job.wait_until))) continue;
        await this.finish(job, 'failed', {
          error: overdueError(descriptorOf(job.type), phase, waitSecondsOf(phase, o.waits)),
        });
        woken.add(job.device_id);
        n++;
      }
      const next: string[] = [];
      for (const id of woken) if ((await repo.unfinished(id)).length > 0) next.push(id);
      if (next.length > 0) bus.signal('jobs_arrived', { devices: await devices.findByIds(next) });
      return n;
    },

    /**
     * Takes over a running job from the session that sent its RPC, once (guarded: null when it
     * finished or moved meanwhile): the router opened a new session, or the process that held the
     * job died, so that session's answer will never come. The job waits again, marked lost, for the
     * router's evidence or to run again (engine.ts).
     */
    async takeOver(job: JobRow): Promise<JobRow | null> {
      inFlight.delete(job.id);
      const { lostIn: _before, ...was } = job.state ? (JSON.parse(job.state) as JobState) : {};
      const state: JobState = {
        ...was,
        inFlight: false,
        lost: true,
        ...(job.session_id !== null ? { lostIn: job.session_id } : {}),
      };
      const patch = {
        status: 'pending' as const,
        state: JSON.stringify(state),
        wait_until: null,
        ...RELEASED,
      };
      const taken = await repo.updateIfHeld(job.id, job.owner, job.session_id, {
        ...patch,
        updated_at: now(),
      });
      if (!taken) return null;
      const next = { ...job, ...patch };
      publish(next);
      await tellDevices(job.device_id);
      return next;
    },

    /**
     * The jobs held by processes that are no longer alive (`alive`: the ids of those that are; a
     * process that stops releases its jobs itself): a job waiting for its device is let go (any
     * process sees the report); a job whose RPC was out is taken over (takeOver) and its device is
     * woken. `unowned` takes the running jobs nobody holds too (a start on SQLite, where this is the
     * only process; jobs from before owners existed). A job that waits and has no deadline (it began
     * waiting before deadlines existed) gets one.
     */
    async reclaim(alive: readonly string[], unowned = false): Promise<number> {
      const woken = new Set<string>();
      let n = 0;
      for (const job of await repo.heldBeyond(alive, unowned)) {
        const state = job.state ? (JSON.parse(job.state) as JobState) : {};
        const phase = waitPhaseOf(state);
        if (phase) {
          await repo.updateIfHeld(job.id, job.owner, job.session_id, {
            ...RELEASED,
            ...(job.wait_until === null ? { wait_until: deadline(waitSecondsOf(phase, o.waits)) } : {}),
          });
          continue;
        }
        if (await this.takeOver(job)) {
          woken.add(job.device_id);
          n++;
        }
      }
      if (woken.size > 0) bus.signal('jobs_arrived', { devices: await devices.findByIds([...woken]) });
      return n;
    },

    /**
     * Wakes again the devices whose jobs have waited `seconds` with no connection request sent to
     * them since (the wake was lost with the process that was to send it, or the router missed it):
     * at most `limit` a call (the leader's sweep). Answers how many.
     */
    async rewake(seconds: number, limit = 500): Promise<number> {
      const ids = await repo.unwoken(new Date(Date.now() - seconds * 1000).toISOString(), limit);
      if (ids.length > 0) bus.signal('jobs_arrived', { devices: await devices.findByIds(ids) });
      return ids.length;
    },

    /** After a restart: announces every device that still has jobs to run, to wake it instead of waiting for its Inform. */
    async wakePending(): Promise<number> {
      const ids = await repo.devicesWithPending();
      bus.signal('jobs_arrived', { devices: await devices.findByIds(ids) });
      return ids.length;
    },

    async stats(): Promise<Record<JobStatus, number> & { total: number }> {
      const counts = await repo.countByStatus();
      return { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
