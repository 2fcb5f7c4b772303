// A job side for tests of the CWMP door: the test scripts which RPC each session sends and sees the
// answers (and the answers that never came), without jobs in the database. The door, the session
// engine and HTTP are the real ones.
import type { CpeMethodRequest, CpeMethodResponse, CwmpFault } from '@provisor/cwmp';
import type { JobSide } from '../src/modules/cwmp/session-engine';
import type { NoAnswerReason } from '../src/modules/jobs/engine';

/** An RPC got no answer (the session ended, timed out, or hit its RPC limit). */
export type NoAnswer = { name: 'NoAnswer'; reason: NoAnswerReason };

export interface ScriptedRpc {
  request: CpeMethodRequest;
  complete(answer: CpeMethodResponse | CwmpFault | NoAnswer): Promise<void>;
}

export interface Script {
  /** The next RPC of the session, or null to end it. */
  next(): Promise<ScriptedRpc | null>;
}

export const noRpcs: Script = { next: async () => null };

export function scriptedJobs() {
  let script: Script = noRpcs;
  const inFlight = new Map<string, ScriptedRpc>();
  let ids = 0;
  const side: JobSide = {
    sessionStarted: async (s) => ({ jobsWaiting: s.jobsWaiting }),
    async nextRpc() {
      const rpc = await script.next();
      if (!rpc) return null;
      const jobId = `scripted-${++ids}`;
      inFlight.set(jobId, rpc);
      return { jobId, request: rpc.request };
    },
    async answered(_s, jobId, answer) {
      // Kept until its answer is recorded: if that fails, the session gives the RPC back.
      await inFlight.get(jobId)?.complete(answer);
      inFlight.delete(jobId);
      return { rpc: null, settled: false };
    },
    async unanswered(jobId, reason) {
      const rpc = inFlight.get(jobId);
      inFlight.delete(jobId);
      await rpc?.complete({ name: 'NoAnswer', reason });
    },
    transferComplete: async () => undefined,
  };
  return {
    side,
    /** What the sessions from now on send. */
    use(next: Script): void {
      script = next;
    },
  };
}
