// reboot: Reboot (TR-069 Amendment 6, A.3.2.9), then done when the device informs "M Reboot" with
// the job's CommandKey (A.3.3.1 event codes) in a later session.
import { Type } from 'typebox';
import { commandKeyOf, describeJob, unexpected } from '../descriptor';

export default describeJob({
  type: 'reboot',
  params: Type.Object({}, { additionalProperties: false }),
  rpcs: ['Reboot'],
  start: (c) => ({ kind: 'rpc', request: { name: 'Reboot', commandKey: commandKeyOf(c.job) } }),
  answer: (_c, a) =>
    a.name === 'RebootResponse'
      ? { kind: 'wait', state: { phase: 'awaiting-boot' } }
      : unexpected(a, 'RebootResponse'),
  inform: (c, i) =>
    i.commandKeys['M Reboot'] === commandKeyOf(c.job) ? { kind: 'done', result: { events: i.events } } : null,
});
