import type { Selectable } from 'kysely';

/** Sign-in tokens revoked before their expiry (logout, refresh). Rows past `expires_at` are pruned. */
export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

export type RevokedTokenRow = Selectable<RevokedTokensTable>;
