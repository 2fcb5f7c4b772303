// A job type is one descriptor, as the codec has one file per RPC (types/<type>.ts): its parameters,
// the RPCs it sends, how each answer, TransferComplete or Inform moves it on, what it writes to the
// device, and the files it needs. Descriptors are pure: they see the job as data (JobView) and answer
// a Step; the job engine (engine.ts) reads the database before and writes the Step's outcome after.
import {
  XSD_TYPES,
  parseTypedValue,
  type CpeMethodRequest,
  type CpeMethodResponse,
  type CwmpFault,
  type ParameterValue,
  type TransferComplete,
  type XsdType,
} from '@provisor/cwmp';
import type { Static, TSchema } from 'typebox';

export interface ParameterWrite {
  name: string;
  value: string;
  type?: string;
}

/**
 * The phases in which a job waits for the device to report back in a later session: its next boot
 * after Reboot or FactoryReset, its TransferComplete after Download or Upload.
 */
export type WaitPhase = 'awaiting-boot' | 'awaiting-bootstrap' | 'awaiting-transfer';

/** What a job remembers between its steps and sessions (the jobs.state column). */
export interface JobState {
  phase?: 'gpn-done' | 'batches' | WaitPhase;
  /** An RPC was sent and its answer not yet recorded. */
  inFlight?: boolean;
  /** The method of the RPC last sent (what the router's evidence is read for when its answer is lost). */
  rpc?: string;
  /**
   * Its RPC went out in a session that ended without its answer in another process (or a process
   * that died): the router's own evidence may show it took effect (jobs/evidence.ts), else it runs
   * again.
   */
  lost?: boolean;
  /**
   * The session its RPC was lost in (taken over while out there): only an answer that comes in that
   * session is taken as the RPC's answer (engine.ts takeBack).
   */
  lostIn?: string;
  root?: string;
  /**
   * Reading a tree (types/tree-read.ts): the leaves GetParameterNames listed whose values are still
   * to be read, each with its writability, in the order they are read.
   */
  leaves?: [name: string, writable: boolean][];
  /** Values read so far. */
  count?: number;
  /** RPCs sent in this session's step (a background job's bound per session). */
  stepRpcs?: number;
  /** A background job that yielded: the session it yielded in (it continues in a later one). */
  yieldedIn?: string;
  /**
   * apply-profile: parameters left out of its SetParameterValues, with why; a tree read: names the
   * router listed but refused to read.
   */
  skipped?: SkippedParameter[];
  /** A tree read narrowing down a refused batch: names per GetParameterValues until it grows back. */
  batchSize?: number;
  /** apply-profile: the SetParameterValues was sent again without parameters the router refused. */
  retried?: boolean;
}

/** A parameter a job did not push, and why (shown in the job's result). */
export interface SkippedParameter {
  name: string;
  reason: string;
}

/** A parameter as a job learnt or wrote it, for the device's stored tree. */
export interface StoredEntry {
  name: string;
  value?: string;
  type?: string;
  writable?: boolean;
}

/** What a finished step changes on the device row itself (besides its parameter tree). */
export interface DeviceWrite {
  connectionRequestUsername?: string;
  connectionRequestPassword?: string;
}

/** A job's next move. `writes` go to the device's parameter tree before the move is recorded. */
export type Step = (
  | { kind: 'rpc'; request: CpeMethodRequest; state?: JobState }
  | { kind: 'wait'; state: JobState }
  | { kind: 'done'; result?: unknown; device?: DeviceWrite }
  | { kind: 'fail'; error: string; faultCode?: number }
  /**
   * The step failed in a way another try may mend (a transfer whose file server could not be
   * reached, as while this server restarts): the job runs again from its start, in this session or
   * the device's next, until its attempts are spent; then it fails with `error`.
   */
  | { kind: 'again'; error: string; faultCode?: number }
  /**
   * A background job's step for this session is over: it waits (pending, its state kept) and goes on
   * in the device's next session, after any operator job.
   */
  | { kind: 'yield'; state: JobState }
) & { writes?: StoredEntry[] };

/** The Inform that opened a session, as waiting jobs read it. */
export interface InformFacts {
  /** Event codes, e.g. "1 BOOT", "M Reboot". */
  events: readonly string[];
  /** CommandKeys by event code (`M Reboot` -> key). */
  commandKeys: Readonly<Record<string, string>>;
  /**
   * The ParameterKey the Inform reported (ManagementServer.ParameterKey; A.3.2.1: the key of the
   * last SetParameterValues, AddObject or DeleteObject the router applied); absent when not sent.
   */
  parameterKey?: string;
}

/** Everything a descriptor may read about its job: plain data, loaded by the engine. */
export interface JobView<P> {
  job: { id: string; type: string; attempts: number };
  params: P;
  state: JobState;
  /** The CommandKey (and ParameterKey) of the job's RPCs. */
  commandKey: string;
  /** The type the device last reported for a parameter. */
  storedType(name: string): string | undefined;
  /**
   * Whether the device has a parameter, per its stored tree: true when stored; false when the tree
   * holds parameters learnt by GetParameterNames under the same top-level object (e.g.
   * `InternetGatewayDevice.UserInterface.`) but not this one; undefined when that part of the tree
   * was never read (an Inform alone names a few parameters and says nothing of what is missing).
   */
  hasParameter(name: string): boolean | undefined;
  /** The job's file in the store, when it names one. */
  file?: { id: string; name: string; size: number };
  /** Upload jobs: the file the CPE sent, once it has arrived. */
  uploaded?: { id: string };
  /** URL the CPE uses to fetch or send this job's file. */
  transferUrl(name: string): string;
  /** The software version the device reported last. */
  softwareVersion: string;
}

/** How the CPE moves a transfer's file (TR-069 Amendment 6, A.3.2.8 Download and A.4.1.5 Upload). */
export type TransferKind =
  | { direction: 'download' }
  /**
   * The file kind the store keeps an upload as: always one, or from the job's Upload FileType
   * (`uploadKindOf`: a Vendor Configuration File is kept as config, a Vendor Log File as log).
   */
  | { direction: 'upload'; kind: 'backup' | 'by-file-type' };

/** The store's kind for an Upload of this FileType (TR-069 Amendment 6, A.4.1.5). */
export function uploadKindOf(fileType: string | undefined): 'config' | 'log' {
  return /^[13] Vendor Configuration File/.test(fileType ?? '') ? 'config' : 'log';
}

export interface JobDescriptor<P = unknown> {
  type: string;
  /**
   * The parameters the job keeps (a transfer's URL secret aside, which the job service adds); a
   * device action that takes them as they are has it as its body schema (jobs/routes.ts).
   */
  params: TSchema;
  /** The RPCs the job may send, in order. */
  rpcs: readonly CpeMethodRequest['name'][];
  /** Created by the ACS itself, never through the API. */
  internal?: boolean;
  /**
   * The ACS's background work (internal jobs only): it runs after every other job of the device,
   * whenever they were created, one bounded step per session (it answers `yield` between steps).
   */
  background?: boolean;
  /** Set when the CPE fetches or sends a file through /files for this job. */
  transfer?: TransferKind;
  start(c: JobView<P>): Step;
  answer(c: JobView<P>, answer: CpeMethodResponse): Step;
  /** The CPE answered the job's RPC with a fault: a step, or null to fail with the fault. */
  fault?(c: JobView<P>, fault: CwmpFault): Step | null;
  /** For a waiting job: the Inform of a new session; null keeps waiting. */
  inform?(c: JobView<P>, inform: InformFacts): Step | null;
  /** For a transfer: the CPE's TransferComplete carrying this job's CommandKey. */
  transferComplete?(c: JobView<P>, tc: TransferComplete): Step;
}

/**
 * Builds a descriptor: its functions see the parameters its `params` schema describes, and its
 * `type` and `params` keep their literal types (types/index.ts makes the JobType union and the
 * parameters by type of them).
 */
export const describeJob = <S extends TSchema, const T extends string>(
  d: JobDescriptor<Static<S>> & { type: T; params: S },
): JobDescriptor<Static<S>> & { type: T; params: S } => d;

/** The phase a job waits in for the device, if it waits (its RPC answered, not one in flight). */
export const waitPhaseOf = (state: JobState): WaitPhase | null =>
  !state.inFlight && state.phase?.startsWith('awaiting') ? (state.phase as WaitPhase) : null;

/** How long a device may take to report back, by what it was asked to do (config.ts). */
export interface WaitLimits {
  /** From RebootResponse or FactoryResetResponse to the Inform of the next boot. */
  bootSeconds: number;
  /** From a DownloadResponse or UploadResponse with status 1 to the TransferComplete. */
  transferSeconds: number;
}

export const waitSecondsOf = (phase: WaitPhase, limits: WaitLimits): number =>
  phase === 'awaiting-transfer' ? limits.transferSeconds : limits.bootSeconds;

/** "10 minutes", "1 hour", "90 seconds". */
export function durationInWords(seconds: number): string {
  const [n, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * Why a job that waited too long for its device fails, in an operator's words: what the device
 * acknowledged, what never came, and what to check.
 */
export function overdueError(
  d: Pick<JobDescriptor, 'type' | 'transfer'>,
  phase: WaitPhase,
  seconds: number,
): string {
  const within = durationInWords(seconds);
  switch (phase) {
    case 'awaiting-boot':
      return `The device acknowledged the reboot but did not come back within ${within} (no Inform with 1 BOOT, M Reboot or 0 BOOTSTRAP). Check that it has power and can reach the ACS, then retry.`;
    case 'awaiting-bootstrap':
      return `The device acknowledged the factory reset but did not come back within ${within} (no Inform with 0 BOOTSTRAP or 1 BOOT). A reset device may have lost its ACS URL or credentials: check its factory settings, then retry.`;
    case 'awaiting-transfer': {
      const what =
        d.type === 'firmware-upgrade' ? 'firmware download' : (d.transfer?.direction ?? 'transfer');
      return `The device accepted the ${what} but did not report it finished (TransferComplete) within ${within}. Check that it can reach this server's file URL, then retry.`;
    }
  }
}

/** CommandKey and ParameterKey of a job's RPCs (≤32 characters, TR-069 Amendment 6, A.3.2.1). */
export const commandKeyOf = (job: { id: string }) => job.id.replace(/-/g, '').slice(0, 32);

export function normalizeXsdType(type: string | undefined): XsdType | null {
  if (type === undefined || type === '') return 'string';
  const local = type.slice(type.indexOf(':') + 1);
  return (XSD_TYPES as readonly string[]).includes(local) ? (local as XsdType) : null;
}

export function toParameterValue(w: ParameterWrite, fallbackType: string | undefined): ParameterValue {
  const type = normalizeXsdType(w.type ?? fallbackType) ?? 'string';
  return { name: w.name, type, value: parseTypedValue(type, w.value), raw: w.value } as ParameterValue;
}

export const unexpected = (answer: CpeMethodResponse, wanted: string): Step => ({
  kind: 'fail',
  error: `The device answered ${answer.name} where ${wanted} was expected.`,
});

export const valuesOf = (list: ParameterValue[]) =>
  list.map((p) => ({ name: p.name, value: p.raw, type: p.type }));

/** The value a job writes to the parameter whose path ends with `suffix`. */
export const findWrite = (writes: readonly ParameterWrite[], suffix: string): string | undefined =>
  writes.find((w) => w.name.endsWith(suffix))?.value;
