import { describe, expect, it } from 'vitest';
import {
  commandKeysOf,
  expectsDuStateChangeComplete,
  isBoot,
  isBootstrap,
  isHeartbeat,
  isPeriodic,
  needsTransferComplete,
  parseEventCode,
} from './events';

const events = [
  { eventCode: '0 BOOTSTRAP', commandKey: '' },
  { eventCode: '1 BOOT', commandKey: '' },
  { eventCode: '7 TRANSFER COMPLETE', commandKey: '' },
  { eventCode: 'M Download', commandKey: 'fw-1' },
  { eventCode: 'X 00259E Foo', commandKey: '' },
];

describe('event codes', () => {
  it('answers the predicates for an Inform event list', () => {
    expect(isBootstrap(events)).toBe(true);
    expect(isBoot(events)).toBe(true);
    expect(needsTransferComplete(events)).toBe(true);
    expect(isPeriodic(events)).toBe(false);
    expect(isHeartbeat(['14 HEARTBEAT'])).toBe(true);
    expect(expectsDuStateChangeComplete([' 11 DU STATE CHANGE COMPLETE '])).toBe(true);
  });

  it('finds the CommandKeys of method events', () => {
    expect(commandKeysOf(events, 'M Download')).toStrictEqual(['fw-1']);
  });

  it('classifies standard, method, vendor and unknown codes', () => {
    expect(parseEventCode('10 AUTONOMOUS TRANSFER COMPLETE')).toStrictEqual({
      kind: 'standard',
      code: '10 AUTONOMOUS TRANSFER COMPLETE',
      number: 10,
    });
    expect(parseEventCode('M X_ACME_Thing')).toStrictEqual({ kind: 'method', method: 'X_ACME_Thing' });
    expect(parseEventCode('X 00259E Foo Bar')).toStrictEqual({
      kind: 'vendor',
      oui: '00259E',
      event: 'Foo Bar',
    });
    expect(parseEventCode('99 NEW')).toStrictEqual({ kind: 'unknown', code: '99 NEW' });
    expect(parseEventCode('constructor')).toStrictEqual({ kind: 'unknown', code: 'constructor' });
  });
});
