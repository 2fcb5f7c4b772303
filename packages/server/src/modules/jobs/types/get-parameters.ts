// get-parameters: one GetParameterValues (TR-069 Amendment 6, A.3.2.2); the values read go to the
// stored tree and the result.
import { Type } from 'typebox';
import { parameterNames } from '../../../contract';
import { describeJob, unexpected, valuesOf } from '../descriptor';

export const getParametersParams = Type.Object(
  { parameters: parameterNames },
  { additionalProperties: false },
);

export default describeJob({
  type: 'get-parameters',
  params: getParametersParams,
  rpcs: ['GetParameterValues'],
  start: (c) => ({
    kind: 'rpc',
    request: { name: 'GetParameterValues', parameterNames: c.params.parameters },
  }),
  answer: (_c, a) => {
    if (a.name !== 'GetParameterValuesResponse') return unexpected(a, 'GetParameterValuesResponse');
    const values = valuesOf(a.parameterList);
    return { kind: 'done', result: { parameters: values }, writes: values };
  },
});
