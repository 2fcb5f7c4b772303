// discover-tree: made by the ACS itself, not the API, at a router's bootstrap (0 BOOTSTRAP, TR-069
// Amendment 6, 3.7.1.5, or its first Inform to us): reads the router's whole tree once, so that its
// page shows every parameter and its PeriodicInformInterval is known (the offline rule uses it).
// GetParameterNames of the root (A.3.2.3), then the values by name in batches (tree-read.ts), the
// ManagementServer object first so the interval is known after the first session.
//
// It is background work: it runs after the router's other jobs, one bounded step per session, and
// goes on in the router's next sessions (descriptor.ts `background`, `yield`).
import { Type } from 'typebox';
import { describeJob, unexpected, type JobState, type Step } from '../descriptor';
import { batchRead, batchRefused, leavesOf, nextBatch, readResult, rootOf } from './tree-read';

/**
 * RPCs of discovery per session: 1 GetParameterNames and up to 9 GetParameterValues of GPV_BATCH
 * names, so at most ~1,000 values per session (a real 5,000-parameter tree takes 5 sessions).
 * Why this holds after a mass bootstrap (a power cut, tens of thousands of routers at once):
 * discovery never opens a session (no connection request) and makes none longer than this, so
 * its load is the session rate the CWMP door already admits (maxConnections, the load shedder's 503
 * with Retry-After) times a bounded cost per session; its later steps ride on the routers' periodic
 * sessions, which their own intervals spread. No bound on how many routers discover at once is
 * needed.
 */
export const DISCOVERY_RPCS_PER_SESSION = 10;

/** Discovery has no parameters. */
/** ManagementServer first (the interval), the rest in the router's order. */
const managementFirst = (leaves: [string, boolean][]) => [
  ...leaves.filter(([n]) => n.includes('.ManagementServer.')),
  ...leaves.filter(([n]) => !n.includes('.ManagementServer.')),
];

/** The next batch, or the end of this session's step when its RPCs are spent. */
function goOn(state: JobState, writes: Step['writes']): Step {
  if ((state.stepRpcs ?? 0) >= DISCOVERY_RPCS_PER_SESSION) return { kind: 'yield', state, writes };
  return { ...nextBatch(state), writes };
}

const done = (state: JobState, writes?: Step['writes']): Step => ({
  kind: 'done',
  result: readResult(state),
  writes,
});

export default describeJob({
  type: 'discover-tree',
  params: Type.Object({}, { additionalProperties: false }),
  rpcs: ['GetParameterNames', 'GetParameterValues'],
  internal: true,
  background: true,
  // A new session's step: from the start, or (having yielded) where the last one stopped.
  start: (c) =>
    c.state.phase === 'batches'
      ? nextBatch({ ...c.state, stepRpcs: 0 })
      : {
          kind: 'rpc',
          request: { name: 'GetParameterNames', parameterPath: '', nextLevel: false },
          state: { stepRpcs: 1 },
        },
  answer: (c, a) => {
    if (c.state.phase !== 'batches') {
      if (a.name !== 'GetParameterNamesResponse') return unexpected(a, 'GetParameterNamesResponse');
      const state: JobState = {
        phase: 'batches',
        root: rootOf(a),
        leaves: managementFirst(leavesOf(a)),
        count: 0,
        stepRpcs: c.state.stepRpcs ?? 1,
      };
      return state.leaves!.length === 0 ? done(state) : goOn(state, undefined);
    }
    if (a.name !== 'GetParameterValuesResponse') return unexpected(a, 'GetParameterValuesResponse');
    const read = batchRead(c.state, a);
    return read.done ? done(read.state, read.writes) : goOn(read.state, read.writes);
  },
  // A name the router listed but will not read: narrowed down and skipped (tree-read.ts).
  fault: (c, f) => {
    const refused = batchRefused(c.state, f);
    if (!refused) return null;
    return refused.done ? done(refused.state) : goOn(refused.state, undefined);
  },
});
