import { describe, expect, it } from 'vitest';
import { autoMatch, serialTail } from './auto-match';

describe('Bulk Assignment auto-match (spec §9)', () => {
  it('takes the last 4 characters of the serial, or all of a shorter one', () => {
    expect(serialTail('HWTC12345678')).toBe('5678');
    expect(serialTail('AB1')).toBe('AB1');
    expect(serialTail('  ')).toBe('');
  });

  it('matches a device to the first profile whose name contains its serial tail', () => {
    const devices = [
      { id: 'd1', serialNumber: 'HWTC00001234' },
      { id: 'd2', serialNumber: 'HWTC00009999' },
      { id: 'd3', serialNumber: '' },
    ];
    const profiles = [
      { id: 'p0', name: 'Korisnik-Horvat' },
      { id: 'p1', name: 'Office 1234 router' },
      { id: 'p2', name: 'Spare-1234' },
    ];
    expect([...autoMatch(devices, profiles)]).toEqual([['d1', 'p1']]);
  });

  it('compares as written: a lower-case tail does not match an upper-case name', () => {
    expect(autoMatch([{ id: 'd', serialNumber: 'x00abcd' }], [{ id: 'p', name: 'ABCD' }]).size).toBe(0);
  });
});
