// get-parameters: one GetParameterValues (TR-069 Amendment 6, A.3.2.2); the values read go to the
// stored tree and the result.
import { describeJob, unexpected, valuesOf } from '../descriptor';

export interface GetParametersParams {
  parameters: string[];
}

export default describeJob<GetParametersParams>()({
  type: 'get-parameters',
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
