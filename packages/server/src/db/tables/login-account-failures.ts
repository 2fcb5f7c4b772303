import type { Selectable } from 'kysely';

/**
 * Failed sign-ins per username (lower case, known or not), which slow down attempts from addresses
 * the account has not signed in from (see modules/auth/login-limiter.ts). `claimed_until` is held by
 * an attempt under way, so parallel requests take one slot, not one each. The count lapses once a
 * window passes without a failure (`expires_at`); such rows are pruned.
 */
export interface LoginAccountFailuresTable {
  username: string;
  failures: number;
  last_failed_at: string;
  claimed_until: string | null;
  expires_at: string;
}

export type LoginAccountFailuresRow = Selectable<LoginAccountFailuresTable>;
