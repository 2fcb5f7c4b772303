import type { Insertable, Selectable } from 'kysely';
import type { Role } from '../../contract/users';

/** API tokens for integrators (migration 0022): only the secret's sha256 is kept. */
export interface ApiTokensTable {
  id: string;
  name: string;
  role: Role;
  hash: string;
  created_by: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_from: string | null;
  revoked_at: string | null;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;
export type NewApiTokenRow = Insertable<ApiTokensTable>;
