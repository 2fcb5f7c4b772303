import { describe, expect, it } from 'vitest';
import { createDeadlines } from './deadlines';

describe('offline deadlines', () => {
  it('answers the devices due at a time, once, and keeps the others', () => {
    const d = createDeadlines();
    d.set('a', 10_000);
    d.set('b', 10_400);
    d.set('c', 20_000);
    expect(d.takeDue(9_999)).toEqual([]);
    expect(d.takeDue(10_000)).toEqual(['a']);
    // Whole seconds: 10,400 is due from 11,000 on.
    expect(d.takeDue(10_999)).toEqual([]);
    expect(d.takeDue(11_000)).toEqual(['b']);
    expect(d.takeDue(11_000)).toEqual([]);
    expect(d.size).toBe(1);
    expect(d.takeDue(1e12)).toEqual(['c']);
    expect(d.size).toBe(0);
  });

  it('keeps one deadline per device: a new one replaces it, earlier or later', () => {
    const d = createDeadlines();
    d.set('a', 50_000);
    d.set('a', 90_000);
    expect(d.takeDue(60_000)).toEqual([]);
    d.set('a', 30_000);
    expect(d.size).toBe(1);
    expect(d.takeDue(40_000)).toEqual(['a']);
    expect(d.takeDue(1e12)).toEqual([]);
  });

  it('forgets a device', () => {
    const d = createDeadlines();
    d.set('a', 1_000);
    d.set('b', 1_000);
    d.delete('a');
    d.delete('unknown');
    expect(d.takeDue(5_000)).toEqual(['b']);
  });

  it('answers every device due, whatever order the times were given in', () => {
    const d = createDeadlines();
    const times = [7, 3, 9, 1, 5, 3, 8].map((s) => s * 1000);
    times.forEach((t, i) => d.set(`d${i}`, t));
    expect(d.takeDue(5_000).sort()).toEqual(['d1', 'd3', 'd4', 'd5']);
    expect(d.takeDue(9_000).sort()).toEqual(['d0', 'd2', 'd6']);
  });
});
