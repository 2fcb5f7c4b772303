// The job engine's side of a CWMP session (the session engine's RpcSource): a device's unfinished
// jobs run in creation order; each answer moves its job on; a CPE fault fails the job with its code;
// jobs waiting for a reboot or reset finish on the Inform that reports it.
import { randomBytes } from 'node:crypto';
import type { CpeMethodResponse, CwmpFault } from '@provisor/cwmp';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../../db/tables/jobs';
import type { NoAnswer, PendingRpc, RpcSource, SessionContext } from '../cwmp/rpc-source';
import type { DevicesService } from '../devices/service';
import type { FileStore } from '../files/store';
import type { SettingsService } from '../settings/service';
import { HANDLERS, type JobContext, type JobParams, type JobState, type Step } from './handlers';
import type { JobsService } from './service';

const TRANSFER_UPLOADS = new Set(['upload-file', 'backup-config']);

export interface JobRunnerOptions {
  /** Set each device's connection-request credentials (see credentialsRpc). */
  setConnectionRequestCredentials: boolean;
  /** Sessions a job may lose without an answer before it fails. */
  maxAttempts: number;
}

function describeFault(f: CwmpFault): string {
  const detail = f.setParameterValuesFault
    ?.map((p) => `${p.parameterName}: ${p.faultCode} ${p.faultString}`.trim())
    .join('; ');
  return `CPE fault ${f.faultCode}${f.faultString ? ` (${f.faultString})` : ''}${detail ? `: ${detail}` : ''}`;
}

export function createJobRunner(
  deps: {
    jobs: JobsService;
    devices: DevicesService;
    files: FileStore;
    settings: SettingsService;
    log: FastifyBaseLogger;
  },
  o: JobRunnerOptions,
): RpcSource {
  const { jobs, devices, files, settings, log } = deps;
  /** Sessions in which connection-request credentials were already seen to. */
  const credentialsChecked = new Set<string>();

  /**
   * cwmp-reference §13: connection requests need the device's ConnectionRequestUsername/Password,
   * which no Inform carries and which read back empty. So Provisor sets them, once per device (and
   * again after a 0 BOOTSTRAP): the global username of the settings (else the serial number) and a
   * password of the device's own. Never the global password: any router that informs (or anyone
   * posing as one while authentication is off) would be handed the key to every router using it.
   */
  async function credentialsRpc(session: SessionContext): Promise<PendingRpc | null> {
    if (!o.setConnectionRequestCredentials || credentialsChecked.has(session.sessionId)) return null;
    credentialsChecked.add(session.sessionId);
    const cr = settings.get().connectionRequest;
    const device = await devices.findById(session.deviceId);
    if (!device || !cr.enabled || device.connection_request_username !== '') return null;
    const root = Object.keys(await devices.parametersOf(device.id))[0]?.split('.')[0];
    if (!root) return null;
    const username = cr.username || device.serial_number;
    const password = randomBytes(12).toString('base64url');
    const param = (name: string, value: string) =>
      ({ name: `${root}.ManagementServer.${name}`, type: 'string', value, raw: value }) as const;
    return {
      request: {
        name: 'SetParameterValues',
        parameterList: [
          param('ConnectionRequestUsername', username),
          param('ConnectionRequestPassword', password),
        ],
        parameterKey: '',
      },
      complete: async (answer) => {
        if (answer.name === 'SetParameterValuesResponse') {
          await devices.update(device.id, {
            connectionRequestUsername: username,
            connectionRequestPassword: password,
          });
        } else {
          log.warn(
            { deviceId: device.id, answer: answer.name === 'Fault' ? answer.faultCode : answer.name },
            'could not set the connection request credentials',
          );
        }
      },
    };
  }
  /** The job whose RPC is in flight in each session, with its context. */
  const continuations = new Map<string, { job: JobRow; ctx: JobContext; step: Step }>();

  async function contextFor(job: JobRow, session: SessionContext): Promise<JobContext> {
    const device = await devices.findById(job.device_id);
    const params = await devices.parametersOf(job.device_id);
    const jobParams = JSON.parse(job.params) as JobParams;
    const file = jobParams.fileId ? await files.get(jobParams.fileId).catch(() => undefined) : undefined;
    const uploaded = TRANSFER_UPLOADS.has(job.type) ? await files.byJob(job.id) : undefined;
    return {
      job,
      params: jobParams,
      state: job.state ? (JSON.parse(job.state) as JobState) : {},
      storedType: (name) => params[name]?.type,
      store: (entries) => devices.storeParameters(job.device_id, entries),
      ...(file ? { file } : {}),
      ...(uploaded ? { uploaded } : {}),
      transferUrl: (name) =>
        `${session.baseUrl}/files/${job.id}/${jobParams.token ?? ''}/${encodeURIComponent(name)}`,
      softwareVersion: () => device?.software_version ?? '',
    };
  }

  /** Applies a step; answers the RPC to send now, if any. */
  async function apply(
    session: SessionContext,
    job: JobRow,
    ctx: JobContext,
    step: Step,
  ): Promise<PendingRpc | null> {
    switch (step.kind) {
      case 'done':
        await jobs.finish(job, 'completed', { result: step.result });
        return null;
      case 'fail':
        await jobs.finish(job, 'failed', { error: step.error, faultCode: step.faultCode ?? null });
        return null;
      case 'wait':
        await jobs.progress(job, { ...step.state, inFlight: false });
        return null;
      case 'rpc': {
        const state: JobState = { ...ctx.state, ...step.state, inFlight: true };
        ctx.state = state;
        await jobs.progress(job, state);
        return {
          request: step.request,
          complete: (answer) => onAnswer(session, job, ctx, answer),
        };
      }
    }
  }

  async function onAnswer(
    session: SessionContext,
    job: JobRow,
    ctx: JobContext,
    answer: CpeMethodResponse | CwmpFault | NoAnswer,
  ): Promise<void> {
    continuations.delete(session.sessionId);
    if (answer.name === 'NoAnswer') {
      // The session ended before the device answered: run the job again next time, a few times.
      if (job.attempts >= o.maxAttempts) {
        await jobs.finish(job, 'failed', {
          error: `The device did not answer ${job.type} in ${job.attempts} sessions (${answer.reason}).`,
        });
      } else {
        await jobs.requeue(job);
      }
      return;
    }
    if (answer.name === 'Fault') {
      await jobs.finish(job, 'failed', { error: describeFault(answer), faultCode: answer.faultCode });
      return;
    }
    const next = await HANDLERS[job.type].answer(ctx, answer);
    const pending = await apply(session, job, ctx, next);
    // A multi-step job keeps its next RPC for the session's next() call.
    if (pending) continuations.set(session.sessionId, { job, ctx, step: next });
  }

  return {
    async onSessionStart(session) {
      if (!session.jobsWaiting) return;
      for (const job of await jobs.unfinishedOf(session.deviceId)) {
        const ctx = await contextFor(job, session);
        if (job.status !== 'running' || ctx.state.inFlight) continue;
        const handler = HANDLERS[job.type];
        const step = handler.inform?.(ctx, session);
        if (step) await apply(session, job, ctx, step);
      }
    },

    async next(session) {
      const credentials = await credentialsRpc(session);
      if (credentials) return credentials;
      const cont = continuations.get(session.sessionId);
      if (cont && cont.step.kind === 'rpc') {
        continuations.delete(session.sessionId);
        const { job, ctx, step } = cont;
        return { request: step.request, complete: (answer) => onAnswer(session, job, ctx, answer) };
      }
      // No job waited at the Inform and none arrived since: an online or offline device stays as it
      // is (the common end of a periodic session, without a query).
      if (!session.jobsWaiting && (session.deviceStatus === 'online' || session.deviceStatus === 'offline'))
        return null;
      for (;;) {
        const unfinished = await jobs.unfinishedOf(session.deviceId);
        const job = unfinished[0];
        if (!job) {
          await jobs.settleDevice(session.deviceId, { unfinished });
          return null;
        }
        const ctx = await contextFor(job, session);
        // A job waiting for a reboot or reset holds the jobs behind it until the device is back.
        if (job.status === 'running' && !ctx.state.inFlight && ctx.state.phase?.startsWith('awaiting'))
          return null;
        const started = await jobs.start(job);
        ctx.job = started;
        ctx.state = {};
        let step: Step;
        try {
          step = HANDLERS[job.type].start(ctx);
        } catch (err) {
          log.error({ err, jobId: job.id }, 'jobs: a job could not start');
          step = { kind: 'fail', error: `The job could not start: ${(err as Error).message}` };
        }
        const pending = await apply(session, started, ctx, step);
        if (pending) return pending;
      }
    },

    async onCpeRequest(session, request) {
      if (request.name !== 'TransferComplete') return;
      const job = await jobs.findByCommandKey(session.deviceId, request.commandKey);
      const handler = job ? HANDLERS[job.type] : undefined;
      if (!job || !handler?.transferComplete) {
        log.info(
          { deviceId: session.deviceId, commandKey: request.commandKey },
          'jobs: TransferComplete for no job of ours',
        );
        return;
      }
      const ctx = await contextFor(job, session);
      await apply(session, job, ctx, handler.transferComplete(ctx, request));
    },

    async onSessionEnd(session) {
      continuations.delete(session.sessionId);
      credentialsChecked.delete(session.sessionId);
    },
  };
}
