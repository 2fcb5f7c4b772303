import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
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

describe('offline deadlines of UUIDs (kept as bytes)', () => {
  it('answers each UUID as given, once, when due; ids of other shapes beside them', () => {
    const d = createDeadlines();
    const upper = randomUUID().toUpperCase();
    const ids = [randomUUID(), randomUUID(), '00000000-0000-4000-8000-000000000000', upper, 'SN-1'];
    ids.forEach((id, i) => d.set(id, 1_000 * (i + 1)));
    expect(d.size).toBe(5);
    expect(d.takeDue(2_000).sort()).toEqual(ids.slice(0, 2).sort());
    expect(d.takeDue(5_000).sort()).toEqual(ids.slice(2).sort());
    expect(d.takeDue(1e12)).toEqual([]);
    expect(d.size).toBe(0);
  });

  it('agrees with a plain map of deadlines through 40,000 random moves, deletes and sweeps', () => {
    const d = createDeadlines();
    const model = new Map<string, number>();
    const pool = Array.from({ length: 5_000 }, () => randomUUID());
    // A fixed sequence (xorshift), so a failure repeats.
    let seed = 2463534242;
    const random = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    let now = 1_000_000;
    for (let step = 0; step < 40_000; step++) {
      const id = pool[random(pool.length)]!;
      const op = random(10);
      if (op < 7) {
        const at = now + random(600) * 1000;
        d.set(id, at);
        model.set(id, Math.ceil(at / 1000));
      } else if (op < 9) {
        d.delete(id);
        model.delete(id);
      } else {
        now += random(30) * 1000;
        const expected = [...model].filter(([, s]) => s <= Math.floor(now / 1000)).map(([k]) => k);
        for (const k of expected) model.delete(k);
        expect(d.takeDue(now).sort()).toEqual(expected.sort());
      }
      if (step % 1000 === 0) expect(d.size).toBe(model.size);
    }
    expect(d.takeDue(1e15).sort()).toEqual([...model.keys()].sort());
    expect(d.size).toBe(0);
  });

  it('holds 100,000 devices and answers them all (the table grows as they come)', () => {
    const d = createDeadlines();
    const ids = Array.from({ length: 100_000 }, () => randomUUID());
    ids.forEach((id, i) => d.set(id, 10_000 + (i % 500) * 1000));
    expect(d.size).toBe(100_000);
    for (const id of ids.slice(0, 50_000)) d.delete(id);
    expect(d.size).toBe(50_000);
    expect(new Set(d.takeDue(1e12))).toEqual(new Set(ids.slice(50_000)));
  });
});
