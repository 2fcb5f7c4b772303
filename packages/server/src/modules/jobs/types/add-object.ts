// add-object: one AddObject (TR-069 Amendment 6, A.3.2.6); the result has the new instance number.
import { Type } from 'typebox';
import { commandKeyOf, describeJob, unexpected } from '../descriptor';

/** The object: a partial path ending in ".". */
export const objectParams = Type.Object(
  { objectName: Type.String({ minLength: 2, maxLength: 256, pattern: '\\.$' }) },
  { additionalProperties: false },
);

export default describeJob({
  type: 'add-object',
  params: objectParams,
  rpcs: ['AddObject'],
  start: (c) => ({
    kind: 'rpc',
    request: { name: 'AddObject', objectName: c.params.objectName, parameterKey: commandKeyOf(c.job) },
  }),
  answer: (_c, a) =>
    a.name === 'AddObjectResponse'
      ? { kind: 'done', result: { instanceNumber: a.instanceNumber, status: a.status } }
      : unexpected(a, 'AddObjectResponse'),
});
