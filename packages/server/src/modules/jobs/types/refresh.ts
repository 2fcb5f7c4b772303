// refresh: GetParameterNames learns the subtree's shape and writability (TR-069 Amendment 6,
// A.3.2.3), then one partial-path GetParameterValues reads its values (A.3.2.2). A router that
// refuses the partial path (9005, 9002, 9003: many read only full names) has its values read by
// name instead, in batches (tree-read.ts), in the same session: the operator asked for them now,
// and the session's RPC limit (256 by default: 25,000 values) bounds it.
import { Type } from 'typebox';
import { describeJob, unexpected } from '../descriptor';
import {
  batchRead,
  batchRefused,
  leavesOf,
  nextBatch,
  readResult,
  rootOf,
  withWritability,
} from './tree-read';

/** `path`: a partial path ending in "."; none or empty for the whole tree. */
const params = Type.Object(
  { path: Type.Optional(Type.String({ maxLength: 256 })) },
  { additionalProperties: false },
);

export default describeJob({
  type: 'refresh',
  params,
  rpcs: ['GetParameterNames', 'GetParameterValues'],
  start: (c) => ({
    kind: 'rpc',
    request: { name: 'GetParameterNames', parameterPath: c.params.path ?? '', nextLevel: false },
  }),
  answer: (c, a) => {
    if (c.state.phase === undefined) {
      if (a.name !== 'GetParameterNamesResponse') return unexpected(a, 'GetParameterNamesResponse');
      const root = c.params.path || rootOf(a);
      const leaves = leavesOf(a);
      // The writability of parameters the tree has; the names it lacks wait in the job's state for
      // their values (the device's tree never keeps a name without its value).
      return {
        kind: 'rpc',
        request: { name: 'GetParameterValues', parameterNames: [root] },
        state: { phase: 'gpn-done', root, leaves },
        writes: leaves.map(([name, writable]) => ({ name, writable })),
      };
    }
    if (a.name !== 'GetParameterValuesResponse') return unexpected(a, 'GetParameterValuesResponse');
    if (c.state.phase === 'gpn-done') {
      const values = withWritability(a, c.state.leaves ?? []);
      return { kind: 'done', result: { path: c.state.root, count: values.length }, writes: values };
    }
    const read = batchRead(c.state, a);
    if (read.done) {
      return { kind: 'done', result: readResult(read.state), writes: read.writes };
    }
    return { ...nextBatch(read.state), writes: read.writes };
  },
  // A batch refused for a name the router will not read: narrowed down and that name skipped
  // (tree-read.ts); the partial path refused: its leaves by name. Other faults fail the job.
  fault: (c, f) => {
    const refused = batchRefused(c.state, f);
    if (refused) {
      return refused.done ? { kind: 'done', result: readResult(refused.state) } : nextBatch(refused.state);
    }
    if (c.state.phase !== 'gpn-done') return null;
    if ((c.state.leaves ?? []).length === 0)
      return { kind: 'done', result: { path: c.state.root, count: 0 } };
    return nextBatch({ ...c.state, count: 0 });
  },
});
