// The keyed throttle of live updates, on a fake clock: at most one emission per interval per key, the
// last state always emitted, keys independent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyedThrottle } from './throttle';

describe('keyed throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    let state = 0;
    const emitted: { key: string; state: number; at: number }[] = [];
    const throttle = createKeyedThrottle({
      intervalMs: 1000,
      emit: (key) => void emitted.push({ key, state, at: Date.now() }),
      onError: (err) => {
        throw err;
      },
    });
    return { throttle, emitted, change: (key: string) => (state++, throttle.touch(key)) };
  }

  it('turns a burst of 10,000 changes into one emission, then at most one a second, the last state always sent', async () => {
    const { throttle, emitted, change } = setup();
    const start = Date.now();
    for (let i = 0; i < 10_000; i++) change('op');
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted).toEqual([{ key: 'op', state: 10_000, at: start }]);
    // Changes every 10 ms for 5 seconds: one emission per second, never two within a second.
    for (let i = 0; i < 500; i++) {
      change('op');
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(1000);
    const ats = emitted.map((e) => e.at);
    for (let i = 1; i < ats.length; i++) expect(ats[i]! - ats[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(emitted.length).toBe(6);
    expect(emitted.at(-1)!.state).toBe(10_500);
    // Quiet: nothing more is sent.
    await vi.advanceTimersByTimeAsync(5000);
    expect(emitted.length).toBe(6);
    throttle.stop();
  });

  it('throttles each key on its own, and a change after a quiet interval is sent at once', async () => {
    const { throttle, emitted, change } = setup();
    change('a');
    change('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted.map((e) => e.key)).toEqual(['a', 'b']);
    change('a');
    await vi.advanceTimersByTimeAsync(999);
    expect(emitted).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(emitted.map((e) => e.key)).toEqual(['a', 'b', 'a']);
    await vi.advanceTimersByTimeAsync(3000);
    change('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted.map((e) => e.key)).toEqual(['a', 'b', 'a', 'b']);
    throttle.stop();
  });
});
