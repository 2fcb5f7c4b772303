// add-object: one AddObject (TR-069 Amendment 6, A.3.2.6); the result has the new instance number.
import { commandKeyOf, describeJob, unexpected } from '../descriptor';

export interface ObjectParams {
  /** A partial path ending in ".". */
  objectName: string;
}

export default describeJob<ObjectParams>()({
  type: 'add-object',
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
