// Reading a subtree by names, shared by refresh and discover-tree (not a job type itself): the leaves
// GetParameterNames listed (TR-069 Amendment 6, A.3.2.3) are read with GetParameterValues of full
// names (A.3.2.2), a batch at a time. Names reach the device's stored tree only together with their
// values: a name without a value would show (and later be sent) as an empty string.
import type { GetParameterNamesResponse, GetParameterValuesResponse } from '@provisor/cwmp';
import { valuesOf, type JobState, type Step, type StoredEntry } from '../descriptor';

/**
 * Names per GetParameterValues when values are read by name. CPE stacks build the whole answer in
 * memory, and small ones refuse large answers (9004 Resources exceeded); GenieACS reads 32 names a
 * time by default for that reason. 100 values (10-30 KB of XML) stay well within what such stacks
 * answer, and still read a real 1,000-parameter tree (../shared/data/devices) in 10 RPCs.
 */
export const GPV_BATCH = 100;

/** The parameters (not objects, whose names end in ".") of a GetParameterNamesResponse, each once. */
export function leavesOf(a: GetParameterNamesResponse): [string, boolean][] {
  const seen = new Set<string>();
  const leaves: [string, boolean][] = [];
  for (const p of a.parameterList) {
    if (p.name.endsWith('.') || seen.has(p.name)) continue;
    seen.add(p.name);
    leaves.push([p.name, p.writable]);
  }
  return leaves;
}

/** The root a whole-tree read starts from ("Device." or "InternetGatewayDevice."). */
export const rootOf = (a: GetParameterNamesResponse): string =>
  (a.parameterList[0]?.name.split('.')[0] ?? 'Device') + '.';

/** Values read, with the writability GetParameterNames gave their names. */
export function withWritability(
  a: GetParameterValuesResponse,
  leaves: readonly [string, boolean][],
): StoredEntry[] {
  const writable = new Map(leaves);
  return valuesOf(a.parameterList).map((v) => {
    const w = writable.get(v.name);
    return w === undefined ? v : { ...v, writable: w };
  });
}

/** The GetParameterValues of the next batch of leaves; counts it in the step's RPCs. */
export function nextBatch(state: JobState): Step {
  const names = (state.leaves ?? []).slice(0, GPV_BATCH).map(([name]) => name);
  return {
    kind: 'rpc',
    request: { name: 'GetParameterValues', parameterNames: names },
    state: { ...state, phase: 'batches', stepRpcs: (state.stepRpcs ?? 0) + 1 },
  };
}

/** A batch answered: its values to write, and the state with the leaves still to read. */
export function batchRead(
  state: JobState,
  a: GetParameterValuesResponse,
): { writes: StoredEntry[]; state: JobState; done: boolean } {
  const leaves = state.leaves ?? [];
  const batch = leaves.slice(0, GPV_BATCH);
  const rest = leaves.slice(GPV_BATCH);
  const writes = withWritability(a, batch);
  return {
    writes,
    state: { ...state, leaves: rest, count: (state.count ?? 0) + writes.length },
    done: rest.length === 0,
  };
}
