import { describe, expect, it } from 'vitest';
import { chosenAssignments } from './use-assignment-choices';

describe('the assignments an assignment tab sends', () => {
  it('sends only devices that are ticked and given a profile, in list order', () => {
    const devices = [
      { id: 'a', serialNumber: '1' },
      { id: 'b', serialNumber: '2' },
      { id: 'c', serialNumber: '3' },
    ];
    const choices = new Map([
      ['c', 'p3'],
      ['a', 'p1'],
      ['b', 'p2'],
    ]);
    expect(chosenAssignments(devices, new Set(['c', 'a']), choices)).toEqual([
      { deviceId: 'a', profileId: 'p1' },
      { deviceId: 'c', profileId: 'p3' },
    ]);
    expect(chosenAssignments(devices, new Set(['b']), new Map())).toEqual([]);
  });
});
