// schedule-inform: ScheduleInform (TR-069 Amendment 6, A.4.1.2): the device informs again after the
// delay, with "3 SCHEDULED" and "M ScheduleInform".
import { Type } from 'typebox';
import { commandKeyOf, describeJob, unexpected } from '../descriptor';

const params = Type.Object(
  { delaySeconds: Type.Integer({ minimum: 0, maximum: 86_400 * 30 }) },
  { additionalProperties: false },
);

export default describeJob({
  type: 'schedule-inform',
  params,
  rpcs: ['ScheduleInform'],
  start: (c) => ({
    kind: 'rpc',
    request: { name: 'ScheduleInform', delaySeconds: c.params.delaySeconds, commandKey: commandKeyOf(c.job) },
  }),
  answer: (_c, a) =>
    a.name === 'ScheduleInformResponse' ? { kind: 'done' } : unexpected(a, 'ScheduleInformResponse'),
});
