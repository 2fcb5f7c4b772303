import type { Selectable } from 'kysely';

/**
 * Failed sign-ins per client address in a fixed window (see modules/auth/login-limiter.ts). An
 * attempt is counted when it starts and uncounted unless its password was wrong, so parallel
 * attempts cannot pass the limit. Rows past `expires_at` (the window's end) are pruned.
 */
export interface LoginAddressFailuresTable {
  address: string;
  failures: number;
  expires_at: string;
}

export type LoginAddressFailuresRow = Selectable<LoginAddressFailuresTable>;
