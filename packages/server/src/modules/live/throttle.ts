// Live messages about something that changes in bursts (a bulk operation's counts while 10,000 jobs
// run) are sent at most once per interval per key, and the last state is always sent: a change
// schedules one emission, which reads the state when it runs, so every change is covered by an
// emission that started after it.

export interface KeyedThrottleOptions {
  /** At most one emission per key in this many milliseconds. */
  intervalMs: number;
  /** Reads the key's state and publishes it. */
  emit: (key: string) => Promise<void> | void;
  /** Told when an emission fails (the next change tries again). */
  onError: (err: unknown, key: string) => void;
}

export function createKeyedThrottle({ intervalMs, emit, onError }: KeyedThrottleOptions) {
  /** Keys with an emission scheduled. */
  const scheduled = new Map<string, NodeJS.Timeout>();
  /** When each key was last emitted, while that is less than an interval ago. */
  const lastAt = new Map<string, number>();

  function run(key: string): void {
    scheduled.delete(key);
    const at = Date.now();
    lastAt.set(key, at);
    const forget = setTimeout(() => {
      if (lastAt.get(key) === at) lastAt.delete(key);
    }, intervalMs);
    forget.unref();
    Promise.resolve()
      .then(() => emit(key))
      .catch((err: unknown) => onError(err, key));
  }

  return {
    /** The key's state changed: emit it now (at the next turn), or when its interval is over. */
    touch(key: string): void {
      if (scheduled.has(key)) return;
      const last = lastAt.get(key);
      const wait = last === undefined ? 0 : Math.max(0, last + intervalMs - Date.now());
      const timer = setTimeout(() => run(key), wait);
      timer.unref();
      scheduled.set(key, timer);
    },
    stop(): void {
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
      lastAt.clear();
    },
  };
}

export type KeyedThrottle = ReturnType<typeof createKeyedThrottle>;
