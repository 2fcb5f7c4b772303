// factory-reset: FactoryReset (TR-069 Amendment 6, A.4.1.6), then done when the device comes back
// with "0 BOOTSTRAP" (A.3.3.1 event codes).
import { Type } from 'typebox';
import { describeJob, unexpected } from '../descriptor';

export default describeJob({
  type: 'factory-reset',
  params: Type.Object({}, { additionalProperties: false }),
  rpcs: ['FactoryReset'],
  start: () => ({ kind: 'rpc', request: { name: 'FactoryReset' } }),
  answer: (_c, a) =>
    a.name === 'FactoryResetResponse'
      ? { kind: 'wait', state: { phase: 'awaiting-bootstrap' } }
      : unexpected(a, 'FactoryResetResponse'),
  inform: (_c, i) =>
    i.events.includes('0 BOOTSTRAP') ? { kind: 'done', result: { events: i.events } } : null,
});
