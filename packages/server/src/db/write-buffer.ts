// Rows written in batches, off the request's path: the activity log (stats/activity.ts) and the audit
// log (audit/log.ts) buffer what they record and write it `flushIntervalMs` later, or at once when
// `flushAt` rows wait. Writes run one after another; a failed one is told to `onError` and dropped.

export interface WriteBufferOptions<T> {
  flushIntervalMs: number;
  flushAt: number;
  /** Writes one batch (the buffer's rows in the order added). */
  write: (batch: T[]) => Promise<void>;
  onError: (err: unknown) => void;
}

export function createWriteBuffer<T>(o: WriteBufferOptions<T>) {
  let pending: T[] = [];
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  /** Writes what is buffered (tests call it instead of waiting; the app's close too). */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const run = async (): Promise<void> => {
      while (pending.length > 0) {
        const batch = pending;
        pending = [];
        await o.write(batch).catch(o.onError);
      }
    };
    flushing = (flushing ?? Promise.resolve()).then(run);
    return flushing;
  }

  return {
    flush,
    add(row: T): void {
      pending.push(row);
      if (pending.length >= o.flushAt) void flush();
      else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          void flush();
        }, o.flushIntervalMs);
        timer.unref();
      }
    },
  };
}
