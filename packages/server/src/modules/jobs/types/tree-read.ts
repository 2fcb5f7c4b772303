// Reading a subtree by names, shared by refresh and discover-tree (not a job type itself): the leaves
// GetParameterNames listed (TR-069 Amendment 6, A.3.2.3) are read with GetParameterValues of full
// names (A.3.2.2), a batch at a time. Names reach the device's stored tree only together with their
// values: a name without a value would show (and later be sent) as an empty string.
import type { CwmpFault, GetParameterNamesResponse, GetParameterValuesResponse } from '@provisor/cwmp';
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

/** Names in the next GetParameterValues: GPV_BATCH, or fewer while a refused batch is narrowed down. */
const batchSizeOf = (state: JobState) => state.batchSize ?? GPV_BATCH;

/** The GetParameterValues of the next batch of leaves; counts it in the step's RPCs. */
export function nextBatch(state: JobState): Step {
  const names = (state.leaves ?? []).slice(0, batchSizeOf(state)).map(([name]) => name);
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
  const size = batchSizeOf(state);
  const batch = leaves.slice(0, size);
  const rest = leaves.slice(size);
  const writes = withWritability(a, batch);
  // After a refused batch was narrowed down, the batches grow back (doubling) to GPV_BATCH.
  const { batchSize: _, ...kept } = state;
  const grown = size < GPV_BATCH ? { batchSize: Math.min(GPV_BATCH, size * 2) } : {};
  return {
    writes,
    state: { ...kept, ...grown, leaves: rest, count: (state.count ?? 0) + writes.length },
    done: rest.length === 0,
  };
}

/**
 * GetParameterValues faults one name of a batch can cause (TR-069 Amendment 6, A.5.1): 9005 Invalid
 * parameter name (firmwares list names in GetParameterNames they cannot read), 9002 and 9003 (what
 * some stacks answer for such a name instead), 9004 Resources exceeded (an answer too large for the
 * router).
 */
const NAME_FAULTS = new Set([9002, 9003, 9004, 9005]);

/**
 * A batch refused with one of NAME_FAULTS: read it again in halves until the name at fault is alone,
 * then skip that name (kept in `skipped`, with the fault) and go on; one bad name costs about
 * log2(GPV_BATCH) = 7 more RPCs, and never loses the rest of the tree. null: a fault this does not
 * handle (the read fails with it).
 */
export function batchRefused(state: JobState, fault: CwmpFault): { state: JobState; done: boolean } | null {
  const leaves = state.leaves ?? [];
  if (state.phase !== 'batches' || leaves.length === 0 || !NAME_FAULTS.has(fault.faultCode)) return null;
  const size = Math.min(batchSizeOf(state), leaves.length);
  if (size > 1) return { state: { ...state, batchSize: Math.ceil(size / 2) }, done: false };
  const [name] = leaves[0]!;
  const reason = `${fault.faultCode}${fault.faultString ? ` ${fault.faultString}` : ''}`;
  const rest = leaves.slice(1);
  return {
    state: { ...state, leaves: rest, skipped: [...(state.skipped ?? []), { name, reason }], batchSize: 2 },
    done: rest.length === 0,
  };
}

/** A finished read's result: where, how many values, and the names the router would not read. */
export const readResult = (state: JobState) => ({
  path: state.root,
  count: state.count ?? 0,
  ...(state.skipped?.length ? { skipped: state.skipped } : {}),
});
