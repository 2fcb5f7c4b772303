// Which errors mean "the database is unavailable": the one place that decides it, so the API and the
// CWMP door both answer 503 with Retry-After instead of 500 while the database is down, and go back
// to normal by themselves once it returns (the pg pool drops dead connections and opens new ones).

/**
 * Socket errors of the connection to PostgreSQL. No other outbound connection on a request's path
 * throws into the error handler (connection requests to routers report their outcome as values).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs (Appendix A of its manual): class 08 connection exceptions; 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in recovery);
 * 53300 too_many_connections, which passes as soon as other clients let go.
 */
const POSTGRES_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * better-sqlite3 result codes (extended ones carry a suffix, e.g. SQLITE_IOERR_WRITE): still busy or
 * locked after busy_timeout, an I/O error, the file cannot be opened, or the disk is full.
 */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL)(_|$)/;

/**
 * Errors pg raises without a code: a connection that ended under a query ("Connection terminated
 * unexpectedly", "... due to connection timeout"), a client already broken, or the pool's
 * connectionTimeoutMillis (waiting for a connection, or the connect itself: "timeout expired").
 */
const POSTGRES_MESSAGES = [
  /^Connection terminated\b/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    return NETWORK_CODES.has(code) || POSTGRES_STATES.test(code) || SQLITE_CODES.test(code);
  }
  return POSTGRES_MESSAGES.some((pattern) => pattern.test(err.message));
}
