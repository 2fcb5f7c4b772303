import { describe, expect, it } from 'vitest';
import { assignWaves, insideWindow, knownTimeZone } from './waves';

describe('campaign waves', () => {
  it('cuts a canary then cumulative shares', () => {
    const w = assignWaves(30, 3, [50, 100]);
    expect(w.filter((x) => x === 0)).toHaveLength(3);
    expect(w.filter((x) => x === 1)).toHaveLength(12);
    expect(w.filter((x) => x === 2)).toHaveLength(15);
    expect(w).toEqual([...w].sort((a, b) => a - b));
  });

  it('leaves a wave empty when its share is already reached by the canary', () => {
    expect(assignWaves(10, 5, [10, 100])).toEqual([0, 0, 0, 0, 0, 2, 2, 2, 2, 2]);
  });
});

describe('maintenance window', () => {
  const at = (iso: string) => new Date(iso);
  it('is open between start and end in its time zone', () => {
    const w = { start: '02:00', end: '05:00', timeZone: 'Europe/Zagreb' };
    // 01:30 UTC in January is 02:30 in Zagreb.
    expect(insideWindow(w, at('2026-01-10T01:30:00Z'))).toBe(true);
    expect(insideWindow(w, at('2026-01-10T04:30:00Z'))).toBe(false);
  });

  it('spans midnight when the end is before the start', () => {
    const w = { start: '22:00', end: '04:00', timeZone: 'UTC' };
    expect(insideWindow(w, at('2026-01-10T23:00:00Z'))).toBe(true);
    expect(insideWindow(w, at('2026-01-10T03:59:00Z'))).toBe(true);
    expect(insideWindow(w, at('2026-01-10T12:00:00Z'))).toBe(false);
  });

  it('knows IANA time zones and refuses others', () => {
    expect(knownTimeZone('America/New_York')).toBe(true);
    expect(knownTimeZone('Mars/Olympus')).toBe(false);
  });
});
