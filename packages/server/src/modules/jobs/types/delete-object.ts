// delete-object: one DeleteObject (TR-069 Amendment 6, A.3.2.7).
import { commandKeyOf, describeJob, unexpected } from '../descriptor';
import { objectParams } from './add-object';

export default describeJob({
  type: 'delete-object',
  params: objectParams,
  rpcs: ['DeleteObject'],
  start: (c) => ({
    kind: 'rpc',
    request: { name: 'DeleteObject', objectName: c.params.objectName, parameterKey: commandKeyOf(c.job) },
  }),
  answer: (_c, a) =>
    a.name === 'DeleteObjectResponse'
      ? { kind: 'done', result: { status: a.status } }
      : unexpected(a, 'DeleteObjectResponse'),
});
