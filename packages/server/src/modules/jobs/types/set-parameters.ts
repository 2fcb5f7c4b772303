// set-parameters: one SetParameterValues (TR-069 Amendment 6, A.3.2.1); what the device took is
// written to its stored tree with the type it was sent as.
import {
  commandKeyOf,
  describeJob,
  normalizeXsdType,
  toParameterValue,
  unexpected,
  type JobState,
  type JobView,
  type SkippedParameter,
  type Step,
} from '../descriptor';
import type { CpeMethodResponse, CwmpFault } from '@provisor/cwmp';
import { Type, type Static } from 'typebox';
import { parameterWrites } from '../../../contract';

export const setParametersParams = Type.Object(
  { parameters: parameterWrites },
  { additionalProperties: false },
);
export type SetParametersParams = Static<typeof setParametersParams>;

/** The SetParameterValues of any job that writes parameters. */
export const setParameterValues = (c: JobView<SetParametersParams>, state?: JobState): Step => ({
  kind: 'rpc',
  request: {
    name: 'SetParameterValues',
    parameterList: c.params.parameters.map((w) => toParameterValue(w, c.storedType(w.name))),
    parameterKey: commandKeyOf(c.job),
  },
  ...(state ? { state } : {}),
});

/** Its answer: done, with the values written, stored as written. */
export function parametersSet(c: JobView<SetParametersParams>, a: CpeMethodResponse): Step {
  if (a.name !== 'SetParameterValuesResponse') return unexpected(a, 'SetParameterValuesResponse');
  const written = c.params.parameters.map((w) => ({
    name: w.name,
    value: w.value,
    type: normalizeXsdType(w.type ?? c.storedType(w.name)) ?? 'string',
  }));
  return { kind: 'done', result: { status: a.status, parameters: written }, writes: written };
}

/** Why a profile push leaves a parameter out (the job's result shows it to the operator). */
export const NOT_ON_ROUTER = 'not on this router';
/** TR-069 Amendment 6, A.5 fault 9005: Invalid parameter name. */
const INVALID_PARAMETER_NAME = 9005;

/** The SetParameterValues of the job's parameters but the skipped ones; done when none is left. */
function pushWithout(c: JobView<SetParametersParams>, skipped: SkippedParameter[], state: JobState): Step {
  const left = new Set(skipped.map((p) => p.name));
  const send = c.params.parameters.filter((w) => !left.has(w.name));
  // Nothing the router has: a clear result, never an empty SetParameterValues.
  if (send.length === 0) return { kind: 'done', result: { parameters: [], skipped } };
  return setParameterValues({ ...c, params: { ...c.params, parameters: send } }, { ...state, skipped });
}

/**
 * A profile push: parameters the device does not have, per its stored tree (JobView.hasParameter),
 * are left out and reported, instead of failing the whole SetParameterValues with 9005. A device
 * whose tree was never read gets every parameter, as before.
 */
export const setKnownParameterValues = (c: JobView<SetParametersParams>): Step =>
  pushWithout(
    c,
    c.params.parameters
      .filter((w) => c.hasParameter(w.name) === false)
      .map((w) => ({ name: w.name, reason: NOT_ON_ROUTER })),
    {},
  );

/** Its answer: done with what was written, and what was skipped. */
export function knownParametersSet(c: JobView<SetParametersParams>, a: CpeMethodResponse): Step {
  const skipped = c.state.skipped ?? [];
  const left = new Set(skipped.map((p) => p.name));
  const sent = c.params.parameters.filter((w) => !left.has(w.name));
  const step = parametersSet({ ...c, params: { ...c.params, parameters: sent } }, a);
  if (step.kind !== 'done' || skipped.length === 0) return step;
  return { ...step, result: { ...(step.result as object), skipped } };
}

/**
 * A fault to a profile push whose tree was stale: when every parameter the fault lists
 * (SetParameterValuesFault, TR-069 A.3.2.1) was refused with 9005, the push is sent once more
 * without them, and they are reported as skipped. Any other fault, or a second one, fails the job
 * with the fault (null).
 */
export function withoutRefusedParameters(c: JobView<SetParametersParams>, f: CwmpFault): Step | null {
  const refused = f.setParameterValuesFault ?? [];
  if (c.state.retried || refused.length === 0) return null;
  const skipped = c.state.skipped ?? [];
  const sent = new Set(
    c.params.parameters.filter((w) => !skipped.some((p) => p.name === w.name)).map((w) => w.name),
  );
  if (refused.some((p) => p.faultCode !== INVALID_PARAMETER_NAME || !sent.has(p.parameterName))) return null;
  const again = [
    ...skipped,
    ...refused.map((p) => ({ name: p.parameterName, reason: `${NOT_ON_ROUTER} (fault 9005)` })),
  ];
  return pushWithout(c, again, { retried: true });
}

export default describeJob({
  type: 'set-parameters',
  params: setParametersParams,
  rpcs: ['SetParameterValues'],
  start: setParameterValues,
  answer: parametersSet,
});
