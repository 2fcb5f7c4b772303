// refresh: GetParameterNames learns the subtree's shape and writability (TR-069 Amendment 6,
// A.3.2.3), then one partial-path GetParameterValues reads its values (A.3.2.2).
import { Type } from 'typebox';
import { describeJob, unexpected, valuesOf } from '../descriptor';

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
    if (c.state.phase !== 'gpn-done') {
      if (a.name !== 'GetParameterNamesResponse') return unexpected(a, 'GetParameterNamesResponse');
      const root = c.params.path || (a.parameterList[0]?.name.split('.')[0] ?? 'Device') + '.';
      return {
        kind: 'rpc',
        request: { name: 'GetParameterValues', parameterNames: [root] },
        state: { phase: 'gpn-done', root },
        writes: a.parameterList
          .filter((p) => !p.name.endsWith('.'))
          .map((p) => ({ name: p.name, writable: p.writable })),
      };
    }
    if (a.name !== 'GetParameterValuesResponse') return unexpected(a, 'GetParameterValuesResponse');
    const values = valuesOf(a.parameterList);
    return { kind: 'done', result: { path: c.state.root, count: values.length }, writes: values };
  },
});
