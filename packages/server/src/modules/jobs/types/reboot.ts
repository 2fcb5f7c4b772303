// reboot: Reboot (TR-069 Amendment 6, A.3.2.9). Once the device has acknowledged it
// (RebootResponse), the first Inform of its next boot finishes the job (A.3.3.1 event codes): "M Reboot"
// with the job's CommandKey as the standard asks, but also "M Reboot" with another or an empty key, or
// "1 BOOT" alone, as real routers send (and "0 BOOTSTRAP" from one that lost its configuration). The
// result says what the device reported. A device that does not come back is failed by the sweep
// (service.ts failOverdueWaits).
import { Type } from 'typebox';
import { commandKeyOf, describeJob, unexpected, waitPhaseOf } from '../descriptor';

/** The events that show a device booted (TR-069 Amendment 6, A.3.3.1). */
export const BOOT_EVENTS = ['1 BOOT', 'M Reboot', '0 BOOTSTRAP'] as const;

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
    waitPhaseOf(c.state) === 'awaiting-boot' && BOOT_EVENTS.some((e) => i.events.includes(e))
      ? {
          kind: 'done',
          result: { events: i.events, commandKeyMatched: i.commandKeys['M Reboot'] === c.commandKey },
        }
      : null,
});
