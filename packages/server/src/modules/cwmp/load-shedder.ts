// Load shedding at the CWMP door. All of Provisor runs on one event loop: routers that keep it busy
// (a flood of Informs, hostile or a bootstrap storm after a power cut) would make the console and the
// API wait as long as they do. So while the event loop runs late, a new session is answered 503 with
// Retry-After (TR-069 Amendment 6, 3.2.1.1: the CPE retries then): a message that names no session before its body
// is read, an Inform (which opens a session whatever cookie it carries) before it is recorded.
// Sessions in progress, the API and the console go on. The lateness is measured as a timer's: how
// much later than asked a short interval fires (a blocked loop delays it by as long).
import type { FastifyBaseLogger } from 'fastify';

export interface LoadShedderOptions {
  /** Lateness of the event loop, in milliseconds, past which new sessions are refused; 0: never. */
  maxLagMs: number;
  /** How often the lateness is sampled. */
  intervalMs?: number;
}

/** How often refusals are logged at most (with how many there were). */
const LOG_INTERVAL_MS = 10_000;

/** The answer to a new session refused while the server is overloaded; `random` in [0, 1). */
export function overloadedReply(random: number) {
  return {
    status: 503,
    body: 'The ACS is overloaded; retry after the time in Retry-After.',
    headers: {
      // Spread, so that the refused routers do not come back all at once.
      'retry-after': String(30 + Math.floor(random * 31)),
      'content-type': 'text/plain; charset=utf-8',
      connection: 'close',
    },
  };
}

export function createLoadShedder({ maxLagMs, intervalMs = 50 }: LoadShedderOptions) {
  let refused = 0;
  let loggedAt = -Infinity;
  /** Lateness, smoothed: each sample moves it a third of the way (a single late tick counts less). */
  let lagMs = 0;
  let timer: NodeJS.Timeout | undefined;

  return {
    /** Starts measuring (once the server listens: building it keeps the loop busy by design). */
    start(): void {
      if (maxLagMs <= 0 || timer) return;
      let last = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        const sample = Math.max(0, now - last - intervalMs);
        last = now;
        lagMs += (sample - lagMs) / 3;
      }, intervalMs);
      timer.unref();
    },
    /** Whether new sessions should be refused now. */
    overloaded: (): boolean => maxLagMs > 0 && lagMs > maxLagMs,
    /** The event loop's lateness as last measured, in milliseconds. */
    lagMs: (): number => lagMs,
    /** The answer to a new session refused now (and a log line now and then). */
    refuse(log: FastifyBaseLogger) {
      refused += 1;
      if (Date.now() - loggedAt > LOG_INTERVAL_MS) {
        log.warn(
          { refused, lagMs: Math.round(lagMs) },
          'cwmp: the server is overloaded; new sessions are answered 503 until it catches up',
        );
        loggedAt = Date.now();
        refused = 0;
      }
      return overloadedReply(Math.random());
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
      lagMs = 0;
    },
  };
}

export type LoadShedder = ReturnType<typeof createLoadShedder>;
