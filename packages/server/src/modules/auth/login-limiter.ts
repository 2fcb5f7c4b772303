// Sign-in throttling (spec-less: security issue 6, "Anyone can lock out admin").
// - Per address: past `maxFailures` failures in a fixed window, the address is refused until the
//   window ends.
// - Per account: never a lockout, since anyone can fail sign-ins to `admin`. Past `maxFailures`
//   failures, attempts from addresses the account has not signed in from are let through one at a
//   time, each a delay after the last failure that doubles with every failure (up to a cap).
//   Attempts from its familiar addresses are limited per address only, so the owner still gets in.
// The counters live in the database (login-limiter-repository.ts) so every process shares them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createLoginLimiterRepository } from './login-limiter-repository';

export interface LoginLimiterOptions {
  db: Kysely<Database>;
  maxFailures: number;
  windowMs: number;
  /** How long a successful sign-in keeps its address familiar to the account. */
  knownAddressMs?: number;
  /** Delay after the `maxFailures`th failure of an account; doubled for each further one. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
}

export interface LoginRefusal {
  /** What is throttled: the client's address, or the account it tries from an unfamiliar address. */
  scope: 'address' | 'account';
  retryAfterSeconds: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createLoginLimiter({
  db,
  maxFailures,
  windowMs,
  knownAddressMs = 30 * DAY_MS,
  firstDelayMs = 1000,
  maxDelayMs = 60_000,
  now = Date.now,
}: LoginLimiterOptions) {
  const repo = createLoginLimiterRepository(db);
  const iso = (t: number) => new Date(t).toISOString();
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  const delayAfter = (failures: number) =>
    Math.min(firstDelayMs * 2 ** Math.max(0, failures - maxFailures), maxDelayMs);
  // Usernames are counted whether or not they exist, so a refusal does not tell which ones do.
  const accountKey = (username: string) => username.toLowerCase();

  /** Milliseconds until this address may try this account, or 0 after taking its slot. */
  async function accountWait(username: string, address: string, t: number): Promise<number> {
    const row = await repo.findAccount(username);
    if (!row || row.failures < maxFailures || Date.parse(row.expires_at) <= t) return 0;
    if (await repo.isKnownAddress(username, address, iso(t))) return 0;
    const claimedUntil = row.claimed_until ? Date.parse(row.claimed_until) : 0;
    const opensAt = Math.max(Date.parse(row.last_failed_at) + delayAfter(row.failures), claimedUntil);
    if (opensAt > t) return opensAt - t;
    // Without a slot, parallel requests would all pass this check before any failure is counted.
    // Should this attempt never finish, the slot lapses by itself.
    const next = delayAfter(row.failures + 1);
    return (await repo.claimAccountSlot(username, row.last_failed_at, iso(t), iso(t + next))) ? 0 : next;
  }

  return {
    /**
     * Decides whether an attempt may check a password, counting it against the address at once (so
     * parallel attempts cannot pass the limit). Follow an admitted attempt with `recordFailure` or
     * `recordSuccess`; one that ends otherwise (a database error) stays counted as a failure.
     */
    async admit(address: string, username: string): Promise<LoginRefusal | undefined> {
      const t = now();
      const counted = await repo.countAddressAttempt(address, iso(t), iso(t + windowMs));
      if (counted.failures > maxFailures) {
        return { scope: 'address', retryAfterSeconds: seconds(Date.parse(counted.expiresAt) - t) };
      }
      const wait = await accountWait(accountKey(username), address, t);
      if (wait === 0) return undefined;
      // Refused before any password was checked: not a failure of this address.
      await repo.uncountAddressAttempt(address);
      return { scope: 'account', retryAfterSeconds: seconds(wait) };
    },

    /** A wrong password: the address has counted it already; the account counts it now. */
    async recordFailure(username: string): Promise<void> {
      const t = now();
      await repo.countAccountFailure(accountKey(username), iso(t), iso(t + windowMs));
    },

    /** Clears the account's count, uncounts the attempt and makes the address familiar. */
    async recordSuccess(address: string, username: string): Promise<void> {
      const t = now();
      const key = accountKey(username);
      await repo.uncountAddressAttempt(address);
      await repo.clearAccount(key);
      await repo.rememberAddress(key, address, iso(t + knownAddressMs));
    },

    /** Deletes counts whose window is over and addresses not used to sign in for `knownAddressMs`. */
    prune(): Promise<void> {
      return repo.prune(iso(now()));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
