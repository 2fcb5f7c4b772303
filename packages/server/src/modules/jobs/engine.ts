// The job engine: the effects a CWMP session asks of the job side (cwmp/session/step.ts names them).
// A device's unfinished jobs run in creation order. The engine reads the database, lets the job's
// descriptor (types/) decide the next move as data, and writes that move: the RPC to send (kept in
// the job's state and handed back to the session, never parked in memory), an answer's outcome, a
// fault, a finished wait. Nothing here keeps state between calls: a session may continue in any
// process that shares the database (the jobs service keeps a job whose RPC is out as it wrote it, so
// that the answer need not read it: jobs.answering).
import { randomBytes } from 'node:crypto';
import type { CpeMethodRequest, CpeMethodResponse, CwmpFault, TransferComplete } from '@provisor/cwmp';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../../db/tables/jobs';
import { dataModelRoot, type DevicesService, type JobDevice } from '../devices/index';
import type { FileStore } from '../files/index';
import type { Assignments } from './assignment';
import type { SettingsService } from '../settings/index';
import {
  commandKeyOf,
  waitPhaseOf,
  type InformFacts,
  type JobState,
  type JobView,
  type Step,
} from './descriptor';
import { lostAnswerShown } from './evidence';
import type { JobsService, NewJob } from './service';
import { descriptorOf } from './types';
import type { TransferParams } from './types/transfer';

/** What the session knows that the job side needs. */
export interface SessionFacts extends InformFacts {
  /** The session's id (a background job yields for the rest of it). */
  sessionId: string;
  /** The Inform created the device: its first ever to this ACS. */
  firstInform: boolean;
  deviceId: string;
  /** The device's status once the Inform was recorded. */
  deviceStatus: string;
  /**
   * Whether jobs may wait for the device: true when the Inform found pending or running jobs, or a
   * job was created for it during the session. False lets a periodic session end without asking
   * the database for jobs.
   */
  jobsWaiting: boolean;
  /** Scheme, host and port by which the CPE reached this server (for file URLs). */
  baseUrl: string;
  /** What the Inform's record knew of the device (absent: read from the database). */
  device?: InformedDevice;
  /**
   * The job sessionStarted read as the next to start (SessionStart), while no job arrived since and
   * no RPC was asked for yet: the first nextRpc starts it without reading the jobs again.
   */
  toStart?: JobRow;
}

/** What recording the Inform learnt of the device (cwmp/session/types.ts InformedFacts). */
export interface InformedDevice {
  serialNumber: string;
  /** Whether the device holds connection-request credentials of ours. */
  connectionRequestCredentials: boolean;
  /** The root of its data model as the Inform named it ('' when it named none). */
  root: string;
}

/** An RPC of a job, for the session to send. */
export interface JobRpc {
  jobId: string;
  request: CpeMethodRequest;
}

/**
 * A step recorded: the RPC to send now, if any; when the job finished, the device's unfinished jobs
 * as read right after (jobs.finishAndRead).
 */
interface Applied {
  rpc: JobRpc | null;
  unfinished?: readonly JobRow[];
  /** Nothing was recorded: the job no longer ran, held in its session (movedAway). */
  moved?: true;
}

/**
 * What the session hears once an answer is recorded: the RPC to send next, if any; `settled` when
 * none is left to run for the device, as read after the job finished (the device's job facts were
 * written from that read), so the session ends without reading the jobs again.
 */
export interface AnswerOutcome {
  rpc: JobRpc | null;
  settled: boolean;
}

/**
 * What sessionStarted answers: whether jobs wait for the device, and the job the session's first
 * nextRpc starts when the jobs it read are still as read (SessionFacts.toStart).
 */
export interface SessionStart {
  jobsWaiting: boolean;
  toStart?: JobRow;
}

/** Why an RPC got no answer. */
export type NoAnswerReason = 'timeout' | 'session-ended' | 'rpc-limit' | 'internal-error';

export interface JobEngineOptions {
  /** Set each device's connection-request credentials (types/set-connection-credentials.ts). */
  setConnectionRequestCredentials: boolean;
  /**
   * Sessions a job may lose without an answer before it fails; also the tries of a step that may be
   * tried again (a transfer whose file did not get through: descriptor.ts `again`).
   */
  maxAttempts: number;
  /** Read each router's whole tree at its bootstrap (types/discover-tree.ts). */
  discoverTree: boolean;
}

export const CREDENTIALS_JOB = 'set-connection-credentials';
export const DISCOVERY_JOB = 'discover-tree';
/**
 * How long discovery may take: it goes on only in the router's own sessions, so a router informing
 * once a day needs days for a large tree; past this it fails like any expired job.
 */
const DISCOVERY_TTL_SECONDS = 30 * 86_400;
/**
 * Devices kept for the answers of RPCs out (engine keep): twice the sessions the door admits at
 * once by default; a router's tree may be hundreds of kilobytes. Past it the oldest is dropped and
 * its answer reads the device.
 */
const KEPT_DEVICES_MAX = 200;

export function describeFault(f: CwmpFault): string {
  const detail = f.setParameterValuesFault
    ?.map((p) => `${p.parameterName}: ${p.faultCode} ${p.faultString}`.trim())
    .join('; ');
  return `CPE fault ${f.faultCode}${f.faultString ? ` (${f.faultString})` : ''}${detail ? `: ${detail}` : ''}`;
}

/**
 * JobView.hasParameter over a stored tree: a top-level object is known once a parameter under it
 * was learnt by GetParameterNames (which records writability; TR-069 A.3.2.3 lists a whole subtree),
 * so a refresh of one subtree never makes the rest of the tree look empty.
 */
function knownParameters(tree: Readonly<Record<string, { writable?: boolean }>>) {
  const topOf = (name: string) => name.split('.', 2).join('.');
  const known = new Set(
    Object.entries(tree)
      .filter(([, p]) => p.writable !== undefined)
      .map(([name]) => topOf(name)),
  );
  return (name: string): boolean | undefined =>
    Object.hasOwn(tree, name) ? true : known.has(topOf(name)) ? false : undefined;
}

const stateOf = (job: JobRow): JobState => (job.state ? (JSON.parse(job.state) as JobState) : {});
const awaiting = (job: JobRow, state: JobState) => job.status === 'running' && waitPhaseOf(state) !== null;

/**
 * The job to run next: the oldest that is not background work, in creation order (a job waiting for
 * a reboot holds those behind it); the ACS's background work only when no other job waits, and not
 * again in the session it yielded in.
 */
function nextJob(unfinished: readonly JobRow[], sessionId: string): JobRow | undefined {
  const operators = unfinished.find((j) => descriptorOf(j.type).background !== true);
  if (operators) return operators;
  return unfinished.find((j) => stateOf(j).yieldedIn !== sessionId);
}

/** A job's state once the RPC of `step` is sent (kept until its answer comes). */
const sentState = (current: JobState, step: Extract<Step, { kind: 'rpc' }>): JobState => ({
  ...current,
  ...step.state,
  inFlight: true,
  rpc: step.request.name,
});

/**
 * How many times an answer takes its job back (answered): the leader takes the jobs of a process
 * whose heartbeat is late over at each sweep, so a job taken back may be taken over again.
 */
const TAKE_BACK_TRIES = 3;

/** Whether `answer` is the answer to the RPC `rpc` (its response, or a fault). */
const answers = (rpc: string | undefined, answer: CpeMethodResponse | CwmpFault) =>
  rpc !== undefined && (answer.name === 'Fault' || answer.name === `${rpc}Response`);

/** A background job that yielded in an earlier session: it goes on where it stopped. */
const resumes = (job: JobRow) => job.status === 'pending' && stateOf(job).yieldedIn !== undefined;

export function createJobEngine(
  deps: {
    jobs: JobsService;
    devices: DevicesService;
    files: FileStore;
    settings: SettingsService;
    assignments: Assignments;
    log: FastifyBaseLogger;
  },
  o: JobEngineOptions,
) {
  const { jobs, devices, files, settings, assignments, log } = deps;

  /**
   * The job as its descriptor sees it, and the device as read for it (apply writes the step's
   * parameters into that tree without reading it again).
   */
  async function view(
    job: JobRow,
    state: JobState,
    baseUrl: string,
    kept?: JobDevice,
  ): Promise<JobView<unknown> & { device?: JobDevice }> {
    const descriptor = descriptorOf(job.type);
    const device = kept ?? (await devices.forJob(job.device_id));
    const tree = device?.tree ?? {};
    const params = JSON.parse(job.params) as Record<string, unknown> & Partial<TransferParams>;
    const fileId = typeof params.fileId === 'string' ? params.fileId : undefined;
    const file = fileId ? await files.get(fileId).catch(() => undefined) : undefined;
    const uploaded = descriptor.transfer?.direction === 'upload' ? await files.byJob(job.id) : undefined;
    return {
      job: { id: job.id, type: job.type, attempts: job.attempts },
      params,
      state,
      commandKey: commandKeyOf(job),
      storedType: (name) => tree[name]?.type,
      hasParameter: knownParameters(tree),
      ...(file ? { file: { id: file.id, name: file.name, size: file.size } } : {}),
      ...(uploaded ? { uploaded: { id: uploaded.id } } : {}),
      transferUrl: (name) => `${baseUrl}/files/${job.id}/${params.token ?? ''}/${encodeURIComponent(name)}`,
      softwareVersion: device?.softwareVersion ?? '',
      ...(device ? { device } : {}),
    };
  }

  /**
   * The device as read for each job whose RPC is out in this process (its tree with the step's
   * writes): the answer's view takes it rather than reading it again, and its tree is written only
   * if no Inform came meanwhile (devices.storeParameters). At most KEPT_DEVICES_MAX (the door admits
   * 100 sessions at once); the answer or the session's end takes each out.
   */
  const keptDevices = new Map<string, JobDevice>();
  function keep(jobId: string, device: JobDevice | undefined): void {
    keptDevices.delete(jobId);
    if (!device) return;
    keptDevices.set(jobId, device);
    if (keptDevices.size > KEPT_DEVICES_MAX) keptDevices.delete(keptDevices.keys().next().value!);
  }
  function takeKept(jobId: string): JobDevice | undefined {
    const device = keptDevices.get(jobId);
    keptDevices.delete(jobId);
    return device;
  }

  /**
   * Records a step (in session `sessionId`) decided on the view `v`. `held`: the step answers the
   * job's RPC, and `job` is as this process wrote it when the RPC went out (jobs.answering): the job's
   * finish or next RPC is written only if it still runs, held in this session (an operator's finish,
   * a takeover meanwhile is the last word; what the router answered is still stored in its tree, as
   * the router did take it). A job read at its answer (another process sent it) that no longer runs
   * is left before any of this (answered). `stored`: the step's writes are stored already (the
   * answer of a job taken back: takeBack).
   */
  async function apply(
    job: JobRow,
    current: JobState,
    step: Step,
    sessionId: string,
    v: { device?: JobDevice },
    held = false,
    stored = false,
  ): Promise<Applied> {
    // What it read or wrote, and the device fields a finished job sets, in one write of the device.
    const fields = step.kind === 'done' ? step.device : undefined;
    if (!stored && ((step.writes && step.writes.length > 0) || fields))
      await devices.storeParameters(job.device_id, step.writes ?? [], fields, v.device);
    switch (step.kind) {
      case 'done':
        return { rpc: null, ...(await finished(job, 'completed', { result: step.result }, held)) };
      case 'fail':
        return {
          rpc: null,
          ...(await finished(job, 'failed', { error: step.error, faultCode: step.faultCode ?? null }, held)),
        };
      case 'again':
        // Moved meanwhile (an operator finished it): theirs is the last word, so nothing is written.
        if (job.attempts < o.maxAttempts) {
          if (await jobs.again(job, held))
            log.info(
              { jobId: job.id, type: job.type, attempt: job.attempts, faultCode: step.faultCode },
              `jobs: tried again (${step.error})`,
            );
          return { rpc: null };
        }
        return {
          rpc: null,
          ...(await finished(
            job,
            'failed',
            {
              error: job.attempts > 1 ? `${step.error} (${job.attempts} attempts)` : step.error,
              faultCode: step.faultCode ?? null,
            },
            held,
          )),
        };
      case 'wait':
        if (!(await jobs.progress(job, { ...step.state, inFlight: false }, held))) return movedAway(job);
        return { rpc: null };
      case 'yield':
        if (!(await jobs.park(job, { ...step.state, inFlight: false, yieldedIn: sessionId }, held)))
          return movedAway(job);
        return { rpc: null };
      case 'rpc':
        if (!(await jobs.progress(job, sentState(current, step), held))) return movedAway(job);
        keep(job.id, v.device);
        return { rpc: { jobId: job.id, request: step.request } };
    }
  }

  /**
   * The job finishes; answers the device's unfinished jobs as read right after (none read when the
   * job, `held` as written here, no longer ran in this session: nothing was written).
   */
  async function finished(
    job: JobRow,
    status: 'completed' | 'failed',
    r: { result?: unknown; error?: string; faultCode?: number | null },
    held = false,
  ): Promise<{ unfinished?: readonly JobRow[]; moved?: true }> {
    const done = await jobs.finishAndRead(job, status, r, held);
    if (!done) return movedAway(job);
    return { unfinished: done.unfinished };
  }

  /**
   * An answered job that moved meanwhile (an operator finished it, a takeover): theirs is the last
   * word, except a takeover that waits for this very answer (answered takes the job back: takeBack).
   */
  function movedAway(job: JobRow): Applied {
    log.info({ jobId: job.id }, 'jobs: the job no longer runs in its session; its step was not recorded');
    return { rpc: null, moved: true };
  }

  /**
   * A job taken over while its RPC was out in this session waits, pending and marked lost, for the
   * router's evidence that the RPC took effect: taken over by the leader when this process's
   * heartbeat lapsed (a long pause) while the process and the session went on. The answer that came
   * in this session is that evidence: the job takes it here, held by this session again, rather than
   * running again and sending the router the same RPC twice. Only a job lost in this very session
   * (`lostIn`; jobs taken over before it was written: its attempts as sent) and unchanged since read
   * (the claim is guarded by the row as read): a job moved otherwise (finished by an operator, started
   * again elsewhere and lost there, whose RPC may be another step's of the same name) is left; null
   * then. `job` is as this process wrote it when the RPC went out, or as read.
   */
  async function takeBack(
    job: JobRow,
    answer: CpeMethodResponse | CwmpFault,
    s: SessionFacts,
  ): Promise<JobRow | null> {
    const now = job.status === 'pending' ? job : await jobs.find(job.id);
    if (!now || now.status !== 'pending' || now.attempts !== job.attempts) return null;
    const state = stateOf(now);
    if (state.lost !== true || !answers(state.rpc, answer)) return null;
    if (state.lostIn !== undefined && state.lostIn !== s.sessionId) return null;
    const back = await jobs.resume(now, s.sessionId, true);
    if (back)
      log.info(
        { jobId: job.id, type: job.type, rpc: state.rpc },
        'jobs: an answer came for a job taken over meanwhile; taken as its answer',
      );
    return back;
  }

  /**
   * The session's outcome once a job's answer was recorded: its next RPC, or `settled` when the job
   * finished and, as read right after, no job is left to run in this session (nextRpc would read
   * the same and write the same facts).
   */
  function outcome(applied: Applied, sessionId: string): AnswerOutcome {
    const settled =
      applied.rpc === null &&
      applied.unfinished !== undefined &&
      nextJob(applied.unfinished, sessionId) === undefined;
    return { rpc: applied.rpc, settled };
  }

  /** A descriptor's move, or the job's failure when the descriptor throws (a bug, or bad params). */
  function decide<T extends Step | null>(job: JobRow, what: string, move: () => T): T | Step {
    try {
      return move();
    } catch (err) {
      log.error({ err, jobId: job.id, type: job.type }, `jobs: ${what} failed`);
      return { kind: 'fail', error: `The job could not ${what}: ${(err as Error).message}` };
    }
  }

  /**
   * The device as the session's Inform found it (SessionFacts.device), else as stored: sessions
   * recorded by another version of the shell, and tests that build facts by hand, carry none.
   */
  async function informed(s: SessionFacts): Promise<InformedDevice | undefined> {
    // An Inform that listed no parameters names no root: a device still without credentials then
    // takes it from its stored tree.
    if (s.device && (s.device.root || s.device.connectionRequestCredentials)) return s.device;
    const device = await devices.findById(s.deviceId);
    if (!device) return undefined;
    const root = dataModelRoot(Object.keys(await devices.parametersOf(device.id))[0] ?? '');
    return {
      serialNumber: device.serial_number,
      connectionRequestCredentials: device.connection_request_username !== '',
      root,
    };
  }

  /** Whether Provisor sets connection-request credentials and the device has none yet. */
  function lacksCredentials(device: InformedDevice): boolean {
    if (!o.setConnectionRequestCredentials || !settings.get().connectionRequest.enabled) return false;
    return !device.connectionRequestCredentials;
  }

  /**
   * A job for the device's connection-request credentials, when it has none yet and they are set
   * by Provisor. The username is the global one of the settings (else the serial number), the
   * password the device's own. 'exists' when one is waiting already.
   */
  function credentialsJob(device: InformedDevice, unfinished: readonly JobRow[]): NewJob | 'exists' | null {
    if (!lacksCredentials(device)) return null;
    if (unfinished.some((j) => j.type === CREDENTIALS_JOB)) return 'exists';
    if (!device.root) return null;
    const cr = settings.get().connectionRequest;
    const write = (name: string, value: string) => ({
      name: `${device.root}.ManagementServer.${name}`,
      value,
      type: 'string',
    });
    return {
      type: CREDENTIALS_JOB,
      params: {
        parameters: [
          write('ConnectionRequestUsername', cr.username || device.serialNumber),
          write('ConnectionRequestPassword', randomBytes(12).toString('base64url')),
        ],
      },
    };
  }

  /**
   * At a bootstrap (0 BOOTSTRAP, or the device's first Inform), a job that reads the router's whole
   * tree (types/discover-tree.ts); one left from an earlier bootstrap starts over, as the router's
   * tree may have changed with the reset.
   */
  async function discoveryJob(s: SessionFacts, unfinished: readonly JobRow[]): Promise<NewJob | null> {
    if (!o.discoverTree || !(s.firstInform || s.events.includes('0 BOOTSTRAP'))) return null;
    for (const old of unfinished) if (old.type === DISCOVERY_JOB) await jobs.finish(old, 'cancelled', {});
    return { type: DISCOVERY_JOB, params: {}, ttlSeconds: DISCOVERY_TTL_SECONDS };
  }

  /**
   * Whether a session starts with nothing to do, as most do. No job waits (none to take over, to
   * settle or to show the Inform). It is neither the device's first session nor a bootstrap (no
   * profile, no tree discovery). And the Inform's own facts, with no read, show no credentials job to
   * create: the device has its credentials, or Provisor does not set them, or the Inform named no
   * root to set them under (credentialsJob answers null for each).
   */
  function nothingToStart(s: SessionFacts): boolean {
    if (s.jobsWaiting || s.firstInform || s.events.includes('0 BOOTSTRAP')) return false;
    const device = s.device;
    // Facts with neither a root nor credentials: `informed` reads the device, on the whole path.
    if (!device || !(device.root || device.connectionRequestCredentials)) return false;
    return !lacksCredentials(device) || !device.root;
  }

  /**
   * A job whose RPC's answer was lost (jobs/evidence.ts): when the Inform shows the RPC took effect,
   * the answer is taken as given and the job moves on in this session (a reboot or reset it shows is
   * then seen as the waiting job's Inform too); otherwise it stays pending and runs again.
   */
  async function settleLost(job: JobRow, s: SessionFacts): Promise<JobRow | null> {
    const state = stateOf(job);
    const answer = lostAnswerShown(state.rpc, commandKeyOf(job), s);
    if (!answer) return null;
    const d = descriptorOf(job.type);
    const { lost: _lost, lostIn: _lostIn, inFlight: _inFlight, ...kept } = state;
    const v = await view(job, kept, s.baseUrl);
    const step = decide(job, `read ${answer.name}`, () => d.answer(v, answer));
    // A job with more RPCs to send after this one runs again from its start: the session is only
    // beginning, and the RPC would have nobody to go out with here.
    if (step.kind === 'rpc') return null;
    const held = await jobs.resume(job, s.sessionId);
    if (!held) return null;
    log.info(
      { jobId: job.id, type: job.type, rpc: state.rpc },
      'jobs: the router shows a lost answer took effect',
    );
    await apply(held, kept, step, s.sessionId, v);
    return step.kind === 'wait' ? ((await jobs.find(job.id)) ?? null) : null;
  }

  /**
   * A pending job starts afresh. Its first step is decided on the job as it will be once started, so
   * that a first RPC is claimed and written in one guarded statement (the claim still decides: a job
   * cancelled or started elsewhere meanwhile is left, and null answered, as for a job that finished
   * without an RPC). `asRead`: the job as the session's start read it (jobs.start).
   */
  async function startAfresh(job: JobRow, s: SessionFacts, asRead = false): Promise<JobRpc | null> {
    const d = descriptorOf(job.type);
    const claimed = jobs.asStarted(job, s.sessionId);
    const v = await view(claimed, {}, s.baseUrl);
    const step = decide(claimed, 'start', () => d.start(v));
    if (step.kind === 'rpc' && !(step.writes && step.writes.length > 0)) {
      if (!(await jobs.start(job, s.sessionId, sentState({}, step), asRead))) return null;
      keep(job.id, v.device);
      return { jobId: job.id, request: step.request };
    }
    const started = await jobs.start(job, s.sessionId, undefined, asRead);
    if (!started) return null;
    return (await apply(started, {}, step, s.sessionId, v)).rpc;
  }

  return {
    /**
     * The Inform was recorded: a job whose RPC went out in the device's earlier session (in any
     * process) is taken over, since that session's answer will never come; jobs waiting for a reboot
     * or reset see the Inform, and so do jobs whose answer was lost; the device gets its
     * connection-request credentials if it needs them. Answers whether jobs wait now.
     */
    async sessionStarted(s: SessionFacts): Promise<SessionStart> {
      // Most sessions: the same answer as the whole path below, without its reads and calls.
      if (nothingToStart(s)) return { jobsWaiting: false };
      // Read once, and only when the Inform found jobs waiting (a new device has none).
      let unfinished = s.jobsWaiting ? await jobs.unfinishedOf(s.deviceId) : [];
      let factoryReset = false;
      /** Whether this start moved a job (took one over, settled one, showed one the Inform). */
      let moved = false;
      if (
        unfinished.some((j) => j.status === 'running' && stateOf(j).inFlight) ||
        unfinished.some((j) => stateOf(j).lost)
      ) {
        const settled: JobRow[] = [];
        for (const found of unfinished) {
          let job: JobRow | null = found;
          if (job.status === 'running' && stateOf(job).inFlight && job.session_id !== s.sessionId)
            job = (await jobs.takeOver(job)) ?? (await jobs.find(job.id)) ?? null;
          if (job && job.status === 'pending' && stateOf(job).lost) job = (await settleLost(job, s)) ?? job;
          if (job && (job.status === 'pending' || job.status === 'running')) settled.push(job);
        }
        unfinished = settled;
        moved = true;
      }
      for (const job of unfinished) {
        const state = stateOf(job);
        if (job.status !== 'running' || state.inFlight) continue;
        const d = descriptorOf(job.type);
        if (!d.inform) continue;
        const v = await view(job, state, s.baseUrl);
        const step = decide(job, 'read the Inform', () => d.inform!(v, s));
        if (step) {
          await apply(job, state, step, s.sessionId, v);
          moved = true;
        }
        if (job.type === 'factory-reset' && step?.kind === 'done') factoryReset = true;
      }
      // The jobs the ACS makes for itself as a session starts, all here: each rule answers the job it
      // wants (in the order they are to run), and they are created together, in one statement.
      const device = await informed(s);
      if (!device) return { jobsWaiting: s.jobsWaiting };
      const credentials = credentialsJob(device, unfinished);
      // The router's profile at its bootstrap (assignment.ts), after its credentials (so later wakes
      // reach it) and before the tree discovery (background work, engine.ts nextJob): the customer's
      // settings arrive in this session, not after a read that may span many sessions. Parameters the
      // router lacks are skipped by apply-profile (its 9005 fault names them).
      const bootstrap = s.firstInform || s.events.includes('0 BOOTSTRAP') || factoryReset;
      const profile = bootstrap ? await assignments.atBootstrap(s.deviceId, unfinished) : null;
      const wanted = [credentials, profile, await discoveryJob(s, unfinished)].filter(
        (j): j is NewJob => j !== null && j !== 'exists',
      );
      await jobs.createInSession(s.deviceId, wanted);
      const exists = credentials === 'exists' || profile === 'exists';
      const jobsWaiting = s.jobsWaiting || exists || wanted.length > 0;
      // The jobs as read are still the jobs (none moved, made or cancelled here): the job that will
      // start, if it is the first of them and starts afresh, is known without reading them again at
      // the first nextRpc (whose claim checks that it still is: jobs.start asRead).
      const next = moved || bootstrap || wanted.length > 0 ? undefined : unfinished[0];
      return next && next === nextJob(unfinished, s.sessionId) && next.status === 'pending' && !resumes(next)
        ? { jobsWaiting, toStart: next }
        : { jobsWaiting };
    },

    /** The next RPC for the device: its oldest unfinished job starts; null when nothing is to do. */
    async nextRpc(s: SessionFacts): Promise<JobRpc | null> {
      // No job waited at the Inform and none arrived since: an online or offline device stays as it
      // is (the common end of a periodic session, without a query).
      if (!s.jobsWaiting && (s.deviceStatus === 'online' || s.deviceStatus === 'offline')) return null;
      // The job sessionStarted found to start (no job arrived since): started without a read; a
      // claim that fails (the job moved, or another comes before it now) reads the jobs as below.
      if (s.toStart) {
        const started = await startAfresh(s.toStart, s, true);
        if (started) return started;
      }
      for (;;) {
        // When none is left to run, the device's facts are settled from this same read (the safety
        // net for facts an older version wrote or a failed write lost, without reading again).
        const unfinished = await jobs.unfinishedToRun(
          s.deviceId,
          (u) => nextJob(u, s.sessionId) !== undefined,
        );
        const job = nextJob(unfinished, s.sessionId);
        if (!job) return null;
        // A job waiting for a reboot, reset or transfer holds the jobs behind it until the device
        // reports back or the wait's deadline fails it (jobs.failOverdueWaits).
        if (awaiting(job, stateOf(job))) return null;
        // Its RPC is out in another session of the device (another process's): it holds the jobs
        // behind it until that session ends or is taken over (sessionStarted, jobs.reclaim).
        if (job.status === 'running') return null;
        // A background job that yielded goes on from its state; any other job starts afresh.
        const resumed = resumes(job);
        const { yieldedIn: _session, ...kept } = stateOf(job);
        const d = descriptorOf(job.type);
        if (resumed) {
          const started = await jobs.resume(job, s.sessionId);
          // Cancelled or finished since it was read (an operator, a cancelled campaign): the next one.
          if (!started) continue;
          const v = await view(started, kept, s.baseUrl);
          const { rpc } = await apply(
            started,
            kept,
            decide(started, 'start', () => d.start(v)),
            s.sessionId,
            v,
          );
          if (rpc) return rpc;
          continue;
        }
        // Any other job starts afresh (null: it finished without an RPC, or its claim failed: the
        // next one read).
        const rpc = await startAfresh(job, s);
        if (rpc) return rpc;
      }
    },

    /**
     * The CPE answered a job's RPC: the job moves on; answers its next RPC, if it has one, or whether
     * the session is settled (AnswerOutcome).
     */
    async answered(
      s: SessionFacts,
      jobId: string,
      answer: CpeMethodResponse | CwmpFault,
    ): Promise<AnswerOutcome> {
      // As written when its RPC went out (no read); its writes below check it still runs here. A job
      // read instead must still be this session's (not taken over and restarted in another).
      let job = await jobs.answering(jobId);
      const kept = takeKept(jobId);
      let state: JobState;
      if (job && job.status === 'running' && job.session_id === s.sessionId) state = stateOf(job);
      else {
        // Taken over while its answer was on its way, and waiting for it: it takes this answer.
        const back = job?.status === 'pending' ? await takeBack(job, answer, s) : null;
        if (!back) {
          // An operator finished it meanwhile (spec §4 mark complete / failed): theirs is the last word.
          log.info({ jobId, status: job?.status }, 'jobs: an answer for a job no longer running; ignored');
          return { rpc: null, settled: false };
        }
        job = back;
        const { lost: _lost, lostIn: _lostIn, inFlight: _inFlight, ...before } = stateOf(back);
        state = before;
      }
      const d = descriptorOf(job.type);
      let v: Awaited<ReturnType<typeof view>> | undefined;
      let step: Step | null = null;
      if (answer.name === 'Fault') {
        // The descriptor may have another way (refresh reads by name what a partial path refused).
        if (d.fault) {
          const seen = (v = await view(job, state, s.baseUrl, kept));
          step = decide(job, 'read the Fault', () => d.fault!(seen, answer));
        }
        step ??= { kind: 'fail', error: describeFault(answer), faultCode: answer.faultCode };
      } else {
        const seen = (v = await view(job, state, s.baseUrl, kept));
        step = decide(job, `read ${answer.name}`, () => d.answer(seen, answer));
      }
      let applied = await apply(job, state, step, s.sessionId, v ?? {}, true);
      // Taken over while the answer was recorded: taken back, its writes already stored. Again if the
      // leader took it over again meanwhile (this process's heartbeat still late), a few times.
      for (let tries = 0; applied.moved && tries < TAKE_BACK_TRIES; tries++) {
        const back = await takeBack(job, answer, s);
        if (!back) break;
        applied = await apply(back, state, step, s.sessionId, v ?? {}, true, true);
      }
      if (applied.moved)
        log.info({ jobId }, 'jobs: an answer for a job no longer running in its session; ignored');
      return outcome(applied, s.sessionId);
    },

    /**
     * A job's RPC got no answer in session `sessionId`: it runs again in a later session (unless the
     * router shows it took effect), a few times, then fails. Not when another session took the job over meanwhile (sessionStarted).
     */
    async unanswered(jobId: string, reason: NoAnswerReason, sessionId?: string): Promise<void> {
      jobs.unanswered(jobId);
      keptDevices.delete(jobId);
      const job = await jobs.find(jobId);
      if (!job || job.status !== 'running') return;
      if (sessionId !== undefined && job.session_id !== null && job.session_id !== sessionId) return;
      if (job.attempts >= o.maxAttempts) {
        await jobs.finish(job, 'failed', {
          error: `The device did not answer ${job.type} in ${job.attempts} sessions (${reason}).`,
        });
      } else {
        // It waits, marked lost, for the device's next session: the router's evidence may show the
        // RPC took effect after all (its answer was cut off), else it runs again (sessionStarted).
        await jobs.takeOver(job);
      }
    },

    /** A TransferComplete: the transfer job with its CommandKey finishes. */
    async transferComplete(s: SessionFacts, tc: TransferComplete): Promise<void> {
      const job = await jobs.findByCommandKey(s.deviceId, tc.commandKey);
      const d = job ? descriptorOf(job.type) : undefined;
      if (!job || !d?.transferComplete) {
        log.info(
          { deviceId: s.deviceId, commandKey: tc.commandKey },
          'jobs: TransferComplete for no job of ours',
        );
        return;
      }
      const state = stateOf(job);
      const v = await view(job, state, s.baseUrl);
      await apply(
        job,
        state,
        decide(job, 'read TransferComplete', () => d.transferComplete!(v, tc)),
        s.sessionId,
        v,
      );
    },
  };
}

export type JobEngine = ReturnType<typeof createJobEngine>;
