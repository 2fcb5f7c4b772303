// factory-reset: FactoryReset (TR-069 Amendment 6, A.4.1.6). Once the device has acknowledged it
// (FactoryResetResponse), the first Inform of its next boot finishes the job (A.3.3.1 event codes):
// "0 BOOTSTRAP" as the standard asks, or "1 BOOT" alone from a router that keeps its bootstrap with
// this ACS across a reset. The result's events say which. A device that does not come back is failed
// by the sweep (service.ts failOverdueWaits).
import { Type } from 'typebox';
import { describeJob, unexpected, waitPhaseOf } from '../descriptor';

export default describeJob({
  type: 'factory-reset',
  params: Type.Object({}, { additionalProperties: false }),
  rpcs: ['FactoryReset'],
  start: () => ({ kind: 'rpc', request: { name: 'FactoryReset' } }),
  answer: (_c, a) =>
    a.name === 'FactoryResetResponse'
      ? { kind: 'wait', state: { phase: 'awaiting-bootstrap' } }
      : unexpected(a, 'FactoryResetResponse'),
  inform: (c, i) =>
    waitPhaseOf(c.state) === 'awaiting-bootstrap' &&
    (i.events.includes('0 BOOTSTRAP') || i.events.includes('1 BOOT'))
      ? { kind: 'done', result: { events: i.events } }
      : null,
});
