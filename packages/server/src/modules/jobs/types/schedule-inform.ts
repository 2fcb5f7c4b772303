// schedule-inform: ScheduleInform (TR-069 Amendment 6, A.4.1.2): the device informs again after the
// delay, with "3 SCHEDULED" and "M ScheduleInform".
import { commandKeyOf, describeJob, unexpected } from '../descriptor';

export interface ScheduleInformParams {
  delaySeconds: number;
}

export default describeJob<ScheduleInformParams>()({
  type: 'schedule-inform',
  rpcs: ['ScheduleInform'],
  start: (c) => ({
    kind: 'rpc',
    request: { name: 'ScheduleInform', delaySeconds: c.params.delaySeconds, commandKey: commandKeyOf(c.job) },
  }),
  answer: (_c, a) =>
    a.name === 'ScheduleInformResponse' ? { kind: 'done' } : unexpected(a, 'ScheduleInformResponse'),
});
