// set-parameters: one SetParameterValues (TR-069 Amendment 6, A.3.2.1); what the device took is
// written to its stored tree with the type it was sent as.
import {
  commandKeyOf,
  describeJob,
  normalizeXsdType,
  toParameterValue,
  unexpected,
  type JobView,
  type Step,
} from '../descriptor';
import type { CpeMethodResponse } from '@provisor/cwmp';
import { Type, type Static } from 'typebox';
import { parameterWrites } from '../../../contract';

export const setParametersParams = Type.Object(
  { parameters: parameterWrites },
  { additionalProperties: false },
);
export type SetParametersParams = Static<typeof setParametersParams>;

/** The SetParameterValues of any job that writes parameters. */
export const setParameterValues = (c: JobView<SetParametersParams>): Step => ({
  kind: 'rpc',
  request: {
    name: 'SetParameterValues',
    parameterList: c.params.parameters.map((w) => toParameterValue(w, c.storedType(w.name))),
    parameterKey: commandKeyOf(c.job),
  },
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

export default describeJob({
  type: 'set-parameters',
  params: setParametersParams,
  rpcs: ['SetParameterValues'],
  start: setParameterValues,
  answer: parametersSet,
});
