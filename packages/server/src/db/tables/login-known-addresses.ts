import type { Selectable } from 'kysely';

/**
 * Addresses each user (username in lower case) has signed in from; attempts from them are not
 * slowed by the account's failures. Each success moves `expires_at` on; older rows are pruned.
 */
export interface LoginKnownAddressesTable {
  username: string;
  address: string;
  expires_at: string;
}

export type LoginKnownAddressRow = Selectable<LoginKnownAddressesTable>;
