// Each job type as steps over CWMP (cwmp-reference §6): the RPC to send, what to do with its answer,
// and, for jobs that finish outside the session (reboot, factory reset), which Inform finishes them.
import {
  XSD_TYPES,
  parseTypedValue,
  type CpeMethodRequest,
  type CpeMethodResponse,
  type ParameterValue,
  type XsdType,
} from '@provisor/cwmp';
import type { TransferComplete } from '@provisor/cwmp';
import type { FileRow } from '../../db/tables/files';
import type { JobRow, JobType } from '../../db/tables/jobs';
import type { SessionContext } from '../cwmp/rpc-source';
import { commandKeyOf } from './command-key';
import { TRANSFER_HANDLERS } from './transfer-handlers';

export interface ParameterWrite {
  name: string;
  value: string;
  type?: string;
}

export interface JobParams {
  parameters?: (ParameterWrite | string)[];
  path?: string;
  objectName?: string;
  delaySeconds?: number;
  /** Transfers: a file of the store, or an outside URL (firmware). */
  fileId?: string;
  firmwareUrl?: string;
  version?: string;
  targetPath?: string;
  filePath?: string;
  /** apply-profile: the profile and the version whose rendered parameters are pushed. */
  profileId?: string;
  profileVersion?: number;
  /** Secret in the /files URL that lets the CPE fetch or send this job's file. */
  token?: string;
}

export interface JobState {
  phase?: 'gpn-done' | 'awaiting-boot' | 'awaiting-bootstrap' | 'awaiting-transfer';
  /** An RPC was sent and its answer not yet recorded. */
  inFlight?: boolean;
  root?: string;
}

export type Step =
  | { kind: 'rpc'; request: CpeMethodRequest; state?: JobState }
  | { kind: 'wait'; state: JobState }
  | { kind: 'done'; result?: unknown }
  | { kind: 'fail'; error: string; faultCode?: number };

export interface StoredEntry {
  name: string;
  value?: string;
  type?: string;
  writable?: boolean;
}

export interface JobContext {
  job: JobRow;
  params: JobParams;
  state: JobState;
  /** The type the device last reported for a parameter. */
  storedType(name: string): string | undefined;
  store(entries: StoredEntry[]): Promise<void>;
  /** The job's file in the store, when it has one. */
  file?: FileRow;
  /** Upload jobs: the file the CPE sent, once it has arrived. */
  uploaded?: FileRow;
  /** URL the CPE uses to fetch or send this job's file. */
  transferUrl(name: string): string;
  /** The software version the device reported last. */
  softwareVersion(): string;
}

export interface JobHandler {
  start(c: JobContext): Step;
  answer(c: JobContext, answer: CpeMethodResponse): Step | Promise<Step>;
  /** For a waiting job: the Inform of a new session; null keeps waiting. */
  inform?(c: JobContext, session: SessionContext): Step | null;
  /** For a transfer: the CPE's TransferComplete carrying this job's CommandKey. */
  transferComplete?(c: JobContext, tc: TransferComplete): Step;
}

export { commandKeyOf };

export function normalizeXsdType(type: string | undefined): XsdType | null {
  if (type === undefined || type === '') return 'string';
  const local = type.slice(type.indexOf(':') + 1);
  return (XSD_TYPES as readonly string[]).includes(local) ? (local as XsdType) : null;
}

function toParameterValue(w: ParameterWrite, fallbackType: string | undefined): ParameterValue {
  const type = normalizeXsdType(w.type ?? fallbackType) ?? 'string';
  return { name: w.name, type, value: parseTypedValue(type, w.value), raw: w.value } as ParameterValue;
}

const names = (p: JobParams) => (p.parameters ?? []).map((x) => (typeof x === 'string' ? x : x.name));
const unexpected = (answer: CpeMethodResponse, wanted: string): Step => ({
  kind: 'fail',
  error: `The device answered ${answer.name} where ${wanted} was expected.`,
});

const valuesOf = (list: ParameterValue[]) => list.map((p) => ({ name: p.name, value: p.raw, type: p.type }));

const setParameters: JobHandler = {
  start: (c) => ({
    kind: 'rpc',
    request: {
      name: 'SetParameterValues',
      parameterList: (c.params.parameters as ParameterWrite[]).map((w) =>
        toParameterValue(w, c.storedType(w.name)),
      ),
      parameterKey: commandKeyOf(c.job),
    },
  }),
  answer: async (c, a) => {
    if (a.name !== 'SetParameterValuesResponse') return unexpected(a, 'SetParameterValuesResponse');
    const written = (c.params.parameters as ParameterWrite[]).map((w) => {
      const type = normalizeXsdType(w.type ?? c.storedType(w.name)) ?? 'string';
      return { name: w.name, value: w.value, type };
    });
    await c.store(written);
    return { kind: 'done', result: { status: a.status, parameters: written } };
  },
};

export const HANDLERS: Record<JobType, JobHandler> = {
  ...TRANSFER_HANDLERS,
  'set-parameters': setParameters,
  // A profile's rendered parameters, snapshotted when it was assigned, pushed like set-parameters.
  'apply-profile': {
    start: (c) => setParameters.start(c),
    answer: async (c, a) => {
      const step = await setParameters.answer(c, a);
      return step.kind === 'done'
        ? {
            kind: 'done',
            result: {
              profileId: c.params.profileId,
              version: c.params.profileVersion,
              ...(step.result as object),
            },
          }
        : step;
    },
  },
  'get-parameters': {
    start: (c) => ({ kind: 'rpc', request: { name: 'GetParameterValues', parameterNames: names(c.params) } }),
    answer: async (c, a) => {
      if (a.name !== 'GetParameterValuesResponse') return unexpected(a, 'GetParameterValuesResponse');
      const values = valuesOf(a.parameterList);
      await c.store(values);
      return { kind: 'done', result: { parameters: values } };
    },
  },
  refresh: {
    // GetParameterNames learns the subtree's shape and writability, then one partial-path
    // GetParameterValues reads it (cwmp-reference §6).
    start: (c) => ({
      kind: 'rpc',
      request: { name: 'GetParameterNames', parameterPath: c.params.path ?? '', nextLevel: false },
    }),
    answer: async (c, a) => {
      if (c.state.phase !== 'gpn-done') {
        if (a.name !== 'GetParameterNamesResponse') return unexpected(a, 'GetParameterNamesResponse');
        await c.store(
          a.parameterList
            .filter((p) => !p.name.endsWith('.'))
            .map((p) => ({ name: p.name, writable: p.writable })),
        );
        const root = c.params.path || (a.parameterList[0]?.name.split('.')[0] ?? 'Device') + '.';
        return {
          kind: 'rpc',
          request: { name: 'GetParameterValues', parameterNames: [root] },
          state: { phase: 'gpn-done', root },
        };
      }
      if (a.name !== 'GetParameterValuesResponse') return unexpected(a, 'GetParameterValuesResponse');
      const values = valuesOf(a.parameterList);
      await c.store(values);
      return { kind: 'done', result: { path: c.state.root, count: values.length } };
    },
  },
  'add-object': {
    start: (c) => ({
      kind: 'rpc',
      request: { name: 'AddObject', objectName: c.params.objectName!, parameterKey: commandKeyOf(c.job) },
    }),
    answer: (_c, a) =>
      a.name === 'AddObjectResponse'
        ? { kind: 'done', result: { instanceNumber: a.instanceNumber, status: a.status } }
        : unexpected(a, 'AddObjectResponse'),
  },
  'delete-object': {
    start: (c) => ({
      kind: 'rpc',
      request: { name: 'DeleteObject', objectName: c.params.objectName!, parameterKey: commandKeyOf(c.job) },
    }),
    answer: (_c, a) =>
      a.name === 'DeleteObjectResponse'
        ? { kind: 'done', result: { status: a.status } }
        : unexpected(a, 'DeleteObjectResponse'),
  },
  reboot: {
    start: (c) => ({ kind: 'rpc', request: { name: 'Reboot', commandKey: commandKeyOf(c.job) } }),
    answer: (_c, a) =>
      a.name === 'RebootResponse'
        ? { kind: 'wait', state: { phase: 'awaiting-boot' } }
        : unexpected(a, 'RebootResponse'),
    // cwmp-reference §5: the reboot is done when the device informs "M Reboot" with our CommandKey.
    inform: (c, s) =>
      s.commandKeys.get('M Reboot') === commandKeyOf(c.job)
        ? { kind: 'done', result: { events: s.events } }
        : null,
  },
  'factory-reset': {
    start: () => ({ kind: 'rpc', request: { name: 'FactoryReset' } }),
    answer: (_c, a) =>
      a.name === 'FactoryResetResponse'
        ? { kind: 'wait', state: { phase: 'awaiting-bootstrap' } }
        : unexpected(a, 'FactoryResetResponse'),
    inform: (_c, s) =>
      s.events.includes('0 BOOTSTRAP') ? { kind: 'done', result: { events: s.events } } : null,
  },
  'schedule-inform': {
    start: (c) => ({
      kind: 'rpc',
      request: {
        name: 'ScheduleInform',
        delaySeconds: c.params.delaySeconds ?? 0,
        commandKey: commandKeyOf(c.job),
      },
    }),
    answer: (_c, a) =>
      a.name === 'ScheduleInformResponse' ? { kind: 'done' } : unexpected(a, 'ScheduleInformResponse'),
  },
};
