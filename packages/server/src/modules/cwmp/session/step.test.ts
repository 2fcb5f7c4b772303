// The ACS's session step function alone: no database, no sockets, no clock. Each path of a session
// is a sequence of inputs with the replies and effects expected.
import {
  cwmpFault,
  decode,
  encode,
  type CpeMethodRequest,
  type CwmpMessage,
  type CwmpNamespace,
  type Inform,
} from '@provisor/cwmp';
import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../../db/tables/jobs';
import { step } from './step';
import type { SessionEffect, SessionInput, SessionState, StepEnv, StepResult } from './types';

const NS: CwmpNamespace = 'urn:dslforum-org:cwmp-1-2';

const env = (over: Partial<StepEnv> = {}): StepEnv => ({
  now: 1_000_000,
  authRequired: false,
  sessionTimeoutSeconds: 30,
  maxCpeSessionTimeoutSeconds: 120,
  maxRpcsPerSession: 3,
  maxBodyBytes: 64 * 1024,
  openSessions: 0,
  maxSessions: 100,
  overloaded: false,
  newSessionId: () => 'aaaaaaaa-0000-4000-8000-000000000001',
  random: 0.5,
  ...over,
});

function inform(events: [string, string][] = [['1 BOOT', '']]): Inform {
  return {
    name: 'Inform',
    deviceId: { manufacturer: 'Huawei', oui: '00259e', productClass: 'EG8145V5', serialNumber: 'HW-1' },
    event: events.map(([eventCode, commandKey]) => ({ eventCode, commandKey })),
    maxEnvelopes: 1,
    currentTime: '2026-11-23T10:00:00Z',
    retryCount: 0,
    parameterList: [],
  };
}

const post = (
  body: string | CwmpMessage,
  header: Record<string, unknown> = {},
  principal: SessionInput extends never ? never : { kind: 'open' } | null = { kind: 'open' },
): SessionInput => ({
  kind: 'post',
  body: Buffer.from(
    typeof body === 'string' ? body : encode({ namespace: NS, header: { id: 'cpe-1', ...header }, body }),
  ),
  principal,
  remoteAddress: '192.0.2.10',
  baseUrl: 'http://acs.example:3029',
});

const kinds = (effects: SessionEffect[]) => effects.filter((e) => e.kind !== 'log').map((e) => e.kind);
const bodyOf = (r: StepResult) => decode(r.reply!.body).envelope;

/** The state is plain data: it survives JSON as it is. */
function serialisable(r: StepResult): StepResult {
  if (r.state) expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state);
  return r;
}

/** A session through Inform, recorded device and started jobs: answers the state after InformResponse. */
function opened(over: Partial<StepEnv> = {}, jobsWaiting = false): SessionState {
  let r = step(null, post(inform()), env(over));
  r = step(
    r.state,
    { kind: 'inform-recorded', device: { id: 'dev-1', status: 'online', jobsWaiting } },
    env(over),
  );
  r = step(r.state, { kind: 'started', jobsWaiting }, env(over));
  return r.state!;
}

const rpc = (jobId: string, request: CpeMethodRequest) => ({
  kind: 'rpc-ready' as const,
  rpc: { jobId, request },
});
const reboot: CpeMethodRequest = { name: 'Reboot', commandKey: 'k1' };

describe('session step: the Inform', () => {
  it('records the Inform before answering it, then lets the job side see it, then answers InformResponse with the session id', () => {
    let r = serialisable(
      step(
        null,
        post(
          inform([
            ['1 BOOT', ''],
            ['M Reboot', 'key-7'],
          ]),
        ),
        env(),
      ),
    );
    expect(r.reply).toBeUndefined();
    expect(r.state?.phase).toBe('admitting');
    expect(r.effects).toEqual([
      expect.objectContaining({
        kind: 'record-inform',
        principal: { kind: 'open' },
        identity: { oui: '00259E', productClass: 'EG8145V5', serialNumber: 'HW-1' },
        events: ['1 BOOT', 'M Reboot'],
      }),
    ]);
    expect(r.state?.commandKeys).toEqual({ 'M Reboot': 'key-7' });
    r = serialisable(
      step(
        r.state,
        { kind: 'inform-recorded', device: { id: 'dev-1', status: 'online', jobsWaiting: true } },
        env(),
      ),
    );
    expect(r.reply).toBeUndefined();
    expect(kinds(r.effects)).toEqual(['opened', 'start-jobs']);
    r = serialisable(step(r.state, { kind: 'started', jobsWaiting: true }, env()));
    expect(r.state).toMatchObject({ phase: 'cpe-requests', deviceId: 'dev-1', jobsWaiting: true });
    expect(r.reply?.openedSession).toBe(env().newSessionId());
    expect(bodyOf(r)).toMatchObject({
      namespace: NS,
      header: { id: 'cpe-1' },
      body: { name: 'InformResponse', maxEnvelopes: 1 },
    });
  });

  it("takes the CPE's SessionTimeout when it is sensible, else the settings'", () => {
    expect(step(null, post(inform(), { sessionTimeout: 120 }), env()).state?.timeoutMs).toBe(120_000);
    expect(step(null, post(inform(), { sessionTimeout: 10 }), env()).state?.timeoutMs).toBe(10_000);
    expect(step(null, post(inform(), { sessionTimeout: 2 }), env()).state?.timeoutMs).toBe(30_000);
  });

  it("holds a CPE's SessionTimeout to the process's ceiling (120 s), or the settings' timeout when that is longer", () => {
    expect(step(null, post(inform(), { sessionTimeout: 3600 }), env()).state?.timeoutMs).toBe(120_000);
    expect(step(null, post(inform(), { sessionTimeout: 121 }), env()).state?.timeoutMs).toBe(120_000);
    const ceiling = env({ maxCpeSessionTimeoutSeconds: 900 });
    expect(step(null, post(inform(), { sessionTimeout: 3600 }), ceiling).state?.timeoutMs).toBe(900_000);
    const patient = env({ sessionTimeoutSeconds: 600 });
    expect(step(null, post(inform(), { sessionTimeout: 3600 }), patient).state?.timeoutMs).toBe(600_000);
    expect(step(null, post(inform(), { sessionTimeout: 300 }), patient).state?.timeoutMs).toBe(300_000);
  });

  it('asks for credentials when authentication is required and the Inform has none', () => {
    const r = step(null, post(inform(), {}, null), env({ authRequired: true }));
    expect(r).toMatchObject({ state: null, reply: { status: 401, challenge: true }, effects: [] });
  });

  it("refuses an Inform whose credentials the device's record does not accept, and opens no session", () => {
    const admitting = step(null, post(inform()), env()).state;
    const challenged = step(admitting, { kind: 'inform-refused', verdict: 'challenge' }, env());
    expect(challenged).toMatchObject({ state: null, reply: { status: 401, challenge: true } });
    const forbidden = step(admitting, { kind: 'inform-refused', verdict: 'forbidden' }, env());
    expect(forbidden.state).toBeNull();
    expect(forbidden.reply?.status).toBe(403);
    expect(forbidden.reply?.body).toMatch(/do not belong to the device this Inform names/);
  });

  it('answers 503 with a spread Retry-After above the session limit and while overloaded', () => {
    const full = step(null, post(inform()), env({ openSessions: 100, random: 0 }));
    expect(full).toMatchObject({ state: null, reply: { status: 503, headers: { 'retry-after': '30' } } });
    const fullLater = step(null, post(inform()), env({ openSessions: 100, random: 0.99 }));
    expect(fullLater.reply?.headers?.['retry-after']).toBe('60');
    const shed = step(null, post(inform()), env({ overloaded: true, random: 0.99 }));
    expect(shed).toMatchObject({ state: null, reply: { status: 503, headers: { 'retry-after': '60' } } });
    expect(kinds(shed.effects)).toEqual(['shed']);
  });

  it('answers 8006 to a CPE that offers no version this ACS speaks', () => {
    const r = step(null, post(inform(), { supportedCwmpVersions: ['2.0'] }), env());
    expect(r.state).toBeNull();
    expect(bodyOf(r).body).toMatchObject({ name: 'Fault', faultCode: 8006 });
  });
});

describe('session step: CPE requests', () => {
  it('answers TransferComplete only once the job side has it', () => {
    const s = opened();
    let r = step(
      s,
      post(
        {
          name: 'TransferComplete',
          commandKey: 'k9',
          faultStruct: { faultCode: 0, faultString: '' },
          startTime: '2026-11-23T10:00:00Z',
          completeTime: '2026-11-23T10:01:00Z',
        },
        { id: 'tc-1' },
      ),
      env(),
    );
    expect(r.reply).toBeUndefined();
    expect(r.effects).toEqual([
      expect.objectContaining({
        kind: 'transfer-complete',
        request: expect.objectContaining({ commandKey: 'k9' }),
      }),
    ]);
    r = step(r.state, { kind: 'cpe-request-done' }, env());
    expect(bodyOf(r)).toMatchObject({ header: { id: 'tc-1' }, body: { name: 'TransferCompleteResponse' } });
    expect(r.state?.cpeRequest).toBeUndefined();
  });

  it('answers GetRPCMethods with the methods this ACS answers, and 8000 to a method it does not', () => {
    const s = opened();
    const methods = bodyOf(step(s, post({ name: 'GetRPCMethods' }), env())).body;
    expect(methods).toEqual({
      name: 'GetRPCMethodsResponse',
      methodList: [
        'Inform',
        'GetRPCMethods',
        'TransferComplete',
        'AutonomousTransferComplete',
        'RequestDownload',
        'Kicked',
      ],
    });
    const du = step(s, post({ name: 'DUStateChangeComplete', results: [], commandKey: '' } as never), env());
    expect(bodyOf(du).body).toMatchObject({ name: 'Fault', faultCode: 8000 });
  });

  it('refuses HoldRequests from a CPE (an ACS-only header) with 8003', () => {
    const r = step(opened(), post({ name: 'GetRPCMethods' }, { holdRequests: true }), env());
    expect(bodyOf(r).body).toMatchObject({ name: 'Fault', faultCode: 8003 });
  });

  it('denies a request outside a session with 8001 (faultcode Server)', () => {
    const r = step(null, post({ name: 'GetRPCMethods' }), env());
    expect(r.state).toBeNull();
    expect(r.reply?.body).toMatch(/<faultcode>Server<\/faultcode>/);
    expect(bodyOf(r).body).toMatchObject({ name: 'Fault', faultCode: 8001 });
  });

  it("refuses a request with another router's credentials on this session", () => {
    const s = { ...opened(), principal: { kind: 'device' as const, username: 'a', deviceId: 'dev-1' } };
    const r = step(
      s,
      { ...post(''), principal: { kind: 'device', username: 'b', deviceId: 'dev-2' } } as SessionInput,
      env(),
    );
    expect(r.reply?.status).toBe(403);
    expect(r.state).toEqual(s);
  });
});

describe('session step: our RPCs', () => {
  it('asks the job side on the empty POST, sends its RPC with a fresh cwmp:ID, hands the answer back, and ends with 204 when nothing is left', () => {
    let r = step(opened({}, true), post(''), env());
    expect(r.reply).toBeUndefined();
    expect(kinds(r.effects)).toEqual(['next-rpc']);
    r = serialisable(step(r.state, rpc('job-1', reboot), env()));
    const sent = bodyOf(r);
    expect(sent.body).toEqual(reboot);
    expect(sent.header.id).toBe('aaaaaaaa.1');
    expect(r.state).toMatchObject({
      phase: 'rpc-sent',
      pending: { jobId: 'job-1', id: 'aaaaaaaa.1' },
      rpcCount: 1,
    });
    r = step(r.state, post({ name: 'RebootResponse' }, { id: 'aaaaaaaa.1' }), env());
    expect(r.reply).toBeUndefined();
    expect(r.effects).toEqual([{ kind: 'answer', jobId: 'job-1', answer: { name: 'RebootResponse' } }]);
    // The job has no RPC left: the next job's.
    r = step(r.state, { kind: 'answer-recorded', rpc: null }, env());
    expect(kinds(r.effects)).toEqual(['next-rpc']);
    r = step(r.state, { kind: 'rpc-ready', rpc: null }, env());
    expect(r.reply).toMatchObject({ status: 204, headers: { connection: 'close' } });
    expect(r.state?.phase).toBe('ended');
    expect(kinds(r.effects)).toEqual(['closed']);
  });

  it("keeps the job the job side found to start at the session's start for its first ask only, unless a job arrives first", () => {
    const job: JobRow = {
      id: 'job-1',
      device_id: 'dev-1',
      type: 'set-parameters',
      params: '{}',
      status: 'pending',
      attempts: 0,
      error: null,
      fault_code: null,
      result: null,
      state: null,
      command_key: null,
      created_at: '2026-11-27T00:00:00.000Z',
      started_at: null,
      finished_at: null,
      expires_at: '2026-11-28T00:00:00.000Z',
      wait_until: null,
      operation_id: null,
      owner: null,
      session_id: null,
      updated_at: '2026-11-27T00:00:00.000Z',
    };
    const recorded = () => {
      const r = step(null, post(inform()), env());
      return step(
        r.state,
        { kind: 'inform-recorded', device: { id: 'dev-1', status: 'online', jobsWaiting: true } },
        env(),
      ).state!;
    };
    let r = serialisable(step(recorded(), { kind: 'started', jobsWaiting: true, toStart: job }, env()));
    expect(r.state?.toStart).toEqual(job);
    // The empty POST asks with it (the effect runs on this state), and the answer drops it.
    r = step(r.state, post(''), env());
    expect(kinds(r.effects)).toEqual(['next-rpc']);
    expect(r.state?.toStart).toEqual(job);
    r = step(r.state, rpc('job-1', reboot), env());
    expect(r.state?.toStart).toBeUndefined();
    // A job that arrives after the start, or while the job side looked, may come before it.
    const started = step(recorded(), { kind: 'started', jobsWaiting: true, toStart: job }, env()).state!;
    expect(step(started, { kind: 'jobs-arrived' }, env()).state?.toStart).toBeUndefined();
    const during = step(recorded(), { kind: 'jobs-arrived' }, env()).state!;
    expect(
      step(during, { kind: 'started', jobsWaiting: true, toStart: job }, env()).state?.toStart,
    ).toBeUndefined();
  });

  it('ends with 204 without asking again when the job side found no job left after the answer, unless a job arrived meanwhile', () => {
    const answered = () => {
      let r = step(opened({}, true), post(''), env());
      r = step(r.state, rpc('job-1', reboot), env());
      return step(r.state, post({ name: 'RebootResponse' }, { id: 'aaaaaaaa.1' }), env());
    };
    // Settled: the job side read the device's jobs after the job finished and none is left to run.
    let r = step(answered().state, { kind: 'answer-recorded', rpc: null, settled: true }, env());
    expect(r.reply).toMatchObject({ status: 204, headers: { connection: 'close' } });
    expect(r.state?.phase).toBe('ended');
    expect(kinds(r.effects)).toEqual(['closed']);
    // A job created while the answer was being recorded: the job side's read may have missed it.
    const arrived = step(answered().state, { kind: 'jobs-arrived' }, env()).state!;
    r = step(arrived, { kind: 'answer-recorded', rpc: null, settled: true }, env());
    expect(r.reply).toBeUndefined();
    expect(kinds(r.effects)).toEqual(['next-rpc']);
    expect(r.state?.jobsArrived).toBeUndefined();
    // A job that arrived before the answer went to the job side was there for its read to see.
    let early = step(opened({}, true), post(''), env());
    early = step(early.state, rpc('job-1', reboot), env());
    const before = step(early.state, { kind: 'jobs-arrived' }, env()).state!;
    const sent = step(before, post({ name: 'RebootResponse' }, { id: 'aaaaaaaa.1' }), env());
    expect(sent.state?.jobsArrived).toBeUndefined();
    r = step(sent.state, { kind: 'answer-recorded', rpc: null, settled: true }, env());
    expect(r.reply).toMatchObject({ status: 204 });
  });

  it("sends a job's next RPC straight after its answer (refresh: GetParameterNames, then GetParameterValues)", () => {
    let r = step(opened({}, true), post(''), env());
    r = step(
      r.state,
      rpc('job-r', { name: 'GetParameterNames', parameterPath: 'Device.', nextLevel: false }),
      env(),
    );
    r = step(
      r.state,
      post({ name: 'GetParameterNamesResponse', parameterList: [] }, { id: r.state!.pending!.id }),
      env(),
    );
    r = step(
      r.state,
      {
        kind: 'answer-recorded',
        rpc: { jobId: 'job-r', request: { name: 'GetParameterValues', parameterNames: ['Device.'] } },
      },
      env(),
    );
    expect(bodyOf(r)).toMatchObject({ header: { id: 'aaaaaaaa.2' }, body: { name: 'GetParameterValues' } });
  });

  it('hands a CPE fault to the job side as the answer', () => {
    let r = step(opened({}, true), post(''), env());
    r = step(r.state, rpc('job-1', reboot), env());
    r = step(r.state, post(cwmpFault(9001, 'Request denied'), { id: 'aaaaaaaa.1' }), env());
    expect(r.effects).toEqual([
      { kind: 'answer', jobId: 'job-1', answer: expect.objectContaining({ name: 'Fault', faultCode: 9001 }) },
    ]);
  });

  it('ends the session at its RPC limit; an RPC past it goes back to its job', () => {
    let r = step(opened({ maxRpcsPerSession: 1 }, true), post(''), env({ maxRpcsPerSession: 1 }));
    r = step(r.state, rpc('job-1', reboot), env({ maxRpcsPerSession: 1 }));
    r = step(r.state, post({ name: 'RebootResponse' }, { id: 'aaaaaaaa.1' }), env({ maxRpcsPerSession: 1 }));
    const follow = step(
      r.state,
      { kind: 'answer-recorded', rpc: { jobId: 'job-1', request: reboot } },
      env({ maxRpcsPerSession: 1 }),
    );
    expect(follow.reply?.status).toBe(204);
    expect(follow.effects).toEqual(
      expect.arrayContaining([
        { kind: 'unanswered', jobId: 'job-1', reason: 'rpc-limit' },
        { kind: 'closed', reason: 'rpc-limit' },
      ]),
    );
    const next = step(r.state, { kind: 'answer-recorded', rpc: null }, env({ maxRpcsPerSession: 1 }));
    expect(next.reply?.status).toBe(204);
    expect(kinds(next.effects)).toEqual(['closed']);
  });

  it('ends the session on an empty POST while an RPC is out, and gives the RPC back to its job', () => {
    let r = step(opened({}, true), post(''), env());
    r = step(r.state, rpc('job-1', reboot), env());
    r = step(r.state, post(''), env());
    expect(r.reply?.status).toBe(204);
    expect(r.effects).toEqual(
      expect.arrayContaining([
        { kind: 'unanswered', jobId: 'job-1', reason: 'session-ended' },
        { kind: 'closed', reason: 'completed' },
      ]),
    );
  });

  it('takes an answer with another cwmp:ID as the answer (and says so)', () => {
    let r = step(opened({}, true), post(''), env());
    r = step(r.state, rpc('job-1', reboot), env());
    r = step(r.state, post({ name: 'RebootResponse' }, { id: 'other' }), env());
    expect(r.effects.map((e) => e.kind)).toEqual(['log', 'answer']);
  });

  it('answers 409 to a POST that arrives while the last one is still being handled', () => {
    const asking = step(opened({}, true), post(''), env()).state;
    expect(step(asking, post(''), env()).reply?.status).toBe(409);
  });

  it('fails an RPC that cannot be written as if the CPE had answered 8002, and moves on', () => {
    const asking = step(opened({}, true), post(''), env()).state;
    // A delay that is no integer cannot be written (the codec refuses it).
    const bad = { name: 'ScheduleInform', delaySeconds: 1.5, commandKey: '' } as const;
    const r = step(asking, rpc('job-1', bad), env());
    expect(r.reply).toBeUndefined();
    expect(r.effects).toContainEqual({
      kind: 'answer',
      jobId: 'job-1',
      answer: expect.objectContaining({ name: 'Fault', faultCode: 8002 }),
    });
  });
});

describe('session step: the session ends', () => {
  it('times out: the RPC out goes back to its job', () => {
    let r = step(opened({}, true), post(''), env());
    r = step(r.state, rpc('job-1', reboot), env());
    const t = step(r.state, { kind: 'timeout' }, env());
    expect(t.reply).toBeUndefined();
    expect(t.effects).toEqual(
      expect.arrayContaining([
        { kind: 'unanswered', jobId: 'job-1', reason: 'timeout' },
        { kind: 'closed', reason: 'timeout' },
      ]),
    );
  });

  it('gives way to a newer session of its device', () => {
    const r = step(opened(), { kind: 'replaced' }, env());
    expect(r.state?.phase).toBe('ended');
    expect(kinds(r.effects)).toEqual(['closed']);
  });

  it('ends when its router went on with another process: the RPC out goes back to its job', () => {
    let r = step(opened({}, true), post(''), env());
    r = step(r.state, rpc('job-1', reboot), env());
    const left = step(r.state, { kind: 'left' }, env());
    expect(left.reply).toBeUndefined();
    expect(left.state?.phase).toBe('ended');
    expect(left.effects).toEqual(
      expect.arrayContaining([
        { kind: 'unanswered', jobId: 'job-1', reason: 'session-ended' },
        { kind: 'closed', reason: 'left' },
      ]),
    );
  });

  it('marks jobs that arrive during the session', () => {
    expect(step(opened(), { kind: 'jobs-arrived' }, env()).state?.jobsWaiting).toBe(true);
  });

  it('ends as failed (500, never 204) when an effect fails, and gives the RPC being answered back to its job', () => {
    let r = step(opened({}, true), post(''), env());
    r = step(r.state, rpc('job-1', reboot), env());
    r = step(r.state, post({ name: 'RebootResponse' }, { id: 'aaaaaaaa.1' }), env());
    const failed = step(r.state, { kind: 'effect-failed', effect: 'answer', error: 'disk I/O error' }, env());
    expect(failed.reply).toMatchObject({ status: 500, headers: { connection: 'close' } });
    expect(failed.effects).toEqual(
      expect.arrayContaining([
        { kind: 'unanswered', jobId: 'job-1', reason: 'internal-error' },
        { kind: 'closed', reason: 'failed' },
      ]),
    );
  });

  it('does not answer an Inform it could not record: the CPE keeps its events and retries', () => {
    const admitting = step(null, post(inform([['M Reboot', 'k']])), env()).state;
    const failed = step(
      admitting,
      { kind: 'effect-failed', effect: 'record-inform', error: 'database is locked' },
      env(),
    );
    expect(failed.reply?.status).toBe(500);
    expect(failed.state?.phase).toBe('ended');
  });

  it('ignores inputs for a session that ended', () => {
    const ended = step(opened(), { kind: 'replaced' }, env()).state;
    expect(step(ended, { kind: 'timeout' }, env())).toEqual({ state: ended, effects: [] });
  });
});
