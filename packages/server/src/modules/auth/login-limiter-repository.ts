// The sign-in counters of login-limiter.ts, in the database so that every process on it shares
// them. Each write is one statement (an upsert or a conditional update), so concurrent attempts,
// in one process or several, neither lose counts nor both take one slot. Times are ISO-8601 text.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoginAccountFailuresRow } from '../../db/tables/login-account-failures';

export function createLoginLimiterRepository(db: Kysely<Database>) {
  return {
    /** Counts an attempt from `address`, in a new window when the last one has ended; answers the count. */
    async countAddressAttempt(
      address: string,
      now: string,
      windowEndsAt: string,
    ): Promise<{ failures: number; expiresAt: string }> {
      const row = await db
        .insertInto('login_address_failures')
        .values({ address, failures: 1, expires_at: windowEndsAt })
        .onConflict((oc) =>
          oc.column('address').doUpdateSet((eb) => {
            const ended = eb('login_address_failures.expires_at', '<=', now);
            return {
              failures: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb('login_address_failures.failures', '+', 1))
                .end(),
              expires_at: eb
                .case()
                .when(ended)
                .then(eb.ref('excluded.expires_at'))
                .else(eb.ref('login_address_failures.expires_at'))
                .end(),
            };
          }),
        )
        .returning(['failures', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { failures: Number(row.failures), expiresAt: row.expires_at };
    },

    async uncountAddressAttempt(address: string): Promise<void> {
      await db
        .updateTable('login_address_failures')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('address', '=', address)
        .where('failures', '>', 0)
        .execute();
    },

    findAccount(username: string): Promise<LoginAccountFailuresRow | undefined> {
      return db
        .selectFrom('login_account_failures')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirst();
    },

    /**
     * Takes the account's slot for one attempt until `until`, unless another attempt holds it or a
     * failure came in since `lastFailedAt` was read; answers whether it was taken.
     */
    async claimAccountSlot(username: string, lastFailedAt: string, now: string, until: string) {
      const result = await db
        .updateTable('login_account_failures')
        .set({ claimed_until: until })
        .where('username', '=', username)
        .where('last_failed_at', '=', lastFailedAt)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Counts a failure; the count starts again once `expires_at` (a window after the last failure) is past. */
    async countAccountFailure(username: string, now: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('login_account_failures')
        .values({ username, failures: 1, last_failed_at: now, claimed_until: null, expires_at: expiresAt })
        .onConflict((oc) =>
          oc.column('username').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('login_account_failures.expires_at', '<=', now)
              .then(1)
              .else(eb('login_account_failures.failures', '+', 1))
              .end(),
            last_failed_at: eb.ref('excluded.last_failed_at'),
            expires_at: eb.ref('excluded.expires_at'),
          })),
        )
        .execute();
    },

    async clearAccount(username: string): Promise<void> {
      await db.deleteFrom('login_account_failures').where('username', '=', username).execute();
    },

    async isKnownAddress(username: string, address: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('login_known_addresses')
        .select('address')
        .where('username', '=', username)
        .where('address', '=', address)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    async rememberAddress(username: string, address: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('login_known_addresses')
        .values({ username, address, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .columns(['username', 'address'])
            .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') })),
        )
        .execute();
    },

    async prune(now: string): Promise<void> {
      await db.deleteFrom('login_address_failures').where('expires_at', '<=', now).execute();
      await db.deleteFrom('login_account_failures').where('expires_at', '<=', now).execute();
      await db.deleteFrom('login_known_addresses').where('expires_at', '<=', now).execute();
    },
  };
}

export type LoginLimiterRepository = ReturnType<typeof createLoginLimiterRepository>;
