// Business constants of the console (spec §9).

export const PRODUCT_NAME = 'Provisor';

/** spec §7 / §9: every API call times out after 10 s. */
export const HTTP_TIMEOUT_MS = 10_000;

/** spec §3 / §9: the persisted session lives under this localStorage key. */
export const AUTH_STORAGE_KEY = 'auth-storage';

/** spec §4 / §9: live channel reconnect policy. */
export const LIVE_MAX_RECONNECT_ATTEMPTS = 5;
export const LIVE_RECONNECT_BASE_DELAY_MS = 1_000;
export const LIVE_RECONNECT_MAX_DELAY_MS = 30_000;
export const LIVE_NORMAL_CLOSE_CODE = 1000;
/** The server's close when the session behind the socket ended (server live/plugin.ts CLOSE_SESSION_ENDED). */
export const LIVE_SESSION_ENDED_CLOSE_CODE = 4001;
/** A channel not open after this long counts as failed: "Connecting..." gives way to "Connection Error". */
export const LIVE_CONNECT_TIMEOUT_MS = 10_000;
/** Live messages refetch a query at most once per this window (see coalescedInvalidation). */
export const LIVE_REFETCH_WINDOW_MS = 1_000;
/**
 * The activity feed is fetched again this long after the last message that the server logs: the
 * server writes its activity log in batches at least once a second (server services.ts).
 */
export const ACTIVITY_SETTLE_MS = 2_000;
/** The server answers the live channel handshake with this subprotocol; the token rides as the second one. */
export const LIVE_SUBPROTOCOL = 'provisor';
export const LIVE_PATH = '/ws';

/** Before the server's reason on the sign-in page, when a 401 ended the session. */
export const SIGNED_OUT_PREFIX = 'You were signed out: ';
