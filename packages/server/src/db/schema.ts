import type { MetaTable } from './tables/meta';
import type { RevokedTokensTable } from './tables/revoked-tokens';
import type { UsersTable } from './tables/users';

/** Every table, as Kysely sees it. Times are ISO-8601 UTC text in both dialects (sortable). */
export interface Database {
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  meta: MetaTable;
}
