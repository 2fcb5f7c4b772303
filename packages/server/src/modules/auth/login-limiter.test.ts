// Sign-in throttling through the real app, on a SQLite file and on PostgreSQL: addresses are
// blocked, accounts only slowed (security issue 6, "Anyone can lock out admin"), and the counts
// live in the database. The limiter's clock is moved by hand; nothing waits.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, testConfig } from '../../../test/helpers';
import { createTestDatabase, describeWithPostgres, postgresUrl } from '../../../test/postgres';
import { buildApp } from '../../app';
import type { Config, DatabaseConfig } from '../../config';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
const OWNER = '192.0.2.1';
const stranger = (i: number) => `198.51.100.${i}`;

function throttleSuite(
  name: string,
  openDatabase: () => Promise<{ database?: DatabaseConfig; drop?: () => Promise<void> }>,
) {
  describe(name, () => {
    let clock: number;
    let config: Config;
    let cleanup: () => void;
    let drop: (() => Promise<void>) | undefined;
    const apps: FastifyInstance[] = [];

    beforeEach(async () => {
      clock = Date.parse('2030-01-01T00:00:00.000Z');
      const opened = await openDatabase();
      drop = opened.drop;
      const t = testConfig({
        loginMaxFailures: 3,
        loginWindowSeconds: 900,
        ...(opened.database ? { database: opened.database } : {}),
      });
      config = t.config;
      cleanup = t.cleanup;
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
      await drop?.();
      cleanup();
    });

    /** An app on the suite's database; several share its counts. */
    async function start(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
      const app = await buildApp({ ...config, ...overrides }, { now: () => clock });
      apps.push(app);
      return app;
    }

    const signIn = (app: FastifyInstance, address: string, password = 'wrong password', username = 'admin') =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        remoteAddress: address,
      });

    /** Fails `count` sign-ins to `username`, each from an address of its own. */
    async function failFromStrangers(app: FastifyInstance, count: number, from = 1, username = 'admin') {
      for (let i = from; i < from + count; i++) {
        expect((await signIn(app, stranger(i), 'wrong password', username)).statusCode).toBe(401);
      }
    }

    it('refuses an address past the limit with 429 and Retry-After until its window ends', async () => {
      const app = await start();
      for (let i = 0; i < 3; i++) {
        expect((await signIn(app, '10.0.0.1', 'wrong password', `user${i}`)).statusCode).toBe(401);
      }
      const blocked = await signIn(app, '10.0.0.1', ADMIN_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      expect(blocked.json()).toEqual({
        error: 'Too many sign-in attempts. Try again in 900 seconds.',
        message: 'Sign-in is paused for this address after repeated failures; try again in 900 seconds.',
      });
      clock += 899 * SECOND;
      expect((await signIn(app, '10.0.0.1', ADMIN_PASSWORD)).headers['retry-after']).toBe('1');
      // Another address is not affected.
      expect((await signIn(app, '10.0.0.2', ADMIN_PASSWORD)).statusCode).toBe(200);
      clock += SECOND;
      expect((await signIn(app, '10.0.0.1', ADMIN_PASSWORD)).statusCode).toBe(200);
    });

    it('counts parallel attempts from one address against its limit', async () => {
      const app = await start();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => signIn(app, '10.0.0.1', 'wrong password', `user${i}`)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 429, 429, 429]);
    });

    it('counts only wrong passwords against an address, not sign-ins or attempts refused for the account', async () => {
      const app = await start();
      for (let i = 0; i < 4; i++)
        expect((await signIn(app, '10.0.0.1', ADMIN_PASSWORD)).statusCode).toBe(200);
      await failFromStrangers(app, 3);
      for (let i = 0; i < 4; i++) expect((await signIn(app, '10.0.0.2')).statusCode).toBe(429);
      clock += SECOND;
      expect((await signIn(app, '10.0.0.2', ADMIN_PASSWORD)).statusCode).toBe(200);
    });

    it('lets the owner sign in from an address used before after ten failures from many addresses', async () => {
      const app = await start({ loginMaxFailures: 10 });
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
      await failFromStrangers(app, 10);
      // The account is now slowed for everyone else...
      expect((await signIn(app, stranger(11))).statusCode).toBe(429);
      // ...but not for the owner's address, wrong password or right.
      expect((await signIn(app, OWNER)).statusCode).toBe(401);
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
    });

    it('slows an unfamiliar address with 429 and Retry-After but lets it try once the wait is over', async () => {
      const app = await start();
      await failFromStrangers(app, 3);
      const slowed = await signIn(app, stranger(9), ADMIN_PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.headers['retry-after']).toBe('1');
      expect(slowed.json()).toEqual({
        error: 'Too many sign-in attempts. Try again in 1 second.',
        message:
          'Sign-ins to this account from new addresses are slowed after repeated failures; try again in 1 second, ' +
          'or sign in from an address you have signed in from before.',
      });
      clock += SECOND;
      expect((await signIn(app, stranger(9))).statusCode).toBe(401);
      expect((await signIn(app, stranger(9), ADMIN_PASSWORD)).headers['retry-after']).toBe('2');
      clock += 2 * SECOND;
      expect((await signIn(app, stranger(9), ADMIN_PASSWORD)).statusCode).toBe(200);
    });

    it('doubles the wait with each further failure of the account, up to a minute', async () => {
      const app = await start();
      await failFromStrangers(app, 3);
      const waits: string[] = [];
      for (let i = 10; i < 17; i++) {
        const wait = (await signIn(app, stranger(i))).headers['retry-after'] as string;
        waits.push(wait);
        clock += Number(wait) * SECOND;
        expect((await signIn(app, stranger(i))).statusCode).toBe(401);
      }
      expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60']);
    });

    it('lets one of several parallel attempts from unfamiliar addresses through when the account is slowed', async () => {
      const app = await start();
      await failFromStrangers(app, 3);
      clock += SECOND;
      const answers = await Promise.all([10, 11, 12, 13, 14].map((i) => signIn(app, stranger(i))));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429]);
    });

    it('starts the account count over after a successful sign-in', async () => {
      const app = await start();
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
      await failFromStrangers(app, 3);
      expect((await signIn(app, stranger(4))).headers['retry-after']).toBe('1');
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
      // Three more failures are allowed at once before the account is slowed again.
      await failFromStrangers(app, 3, 5);
      expect((await signIn(app, stranger(8))).statusCode).toBe(429);
    });

    it('forgets the account failures once a window passes without one', async () => {
      const app = await start();
      await failFromStrangers(app, 3);
      clock += 899 * SECOND;
      await failFromStrangers(app, 1, 4);
      // Still slowed a window after the first failure: the window runs from the last one.
      clock += SECOND;
      expect((await signIn(app, stranger(5))).headers['retry-after']).toBe('1');
      clock += 899 * SECOND;
      expect((await signIn(app, stranger(5))).headers['retry-after']).toBe(undefined);
      // The count started over: three failures at once, then the wait.
      await failFromStrangers(app, 2, 6);
      expect((await signIn(app, stranger(8))).statusCode).toBe(429);
    });

    it('shares the counts between two apps on one database', async () => {
      const first = await start();
      const second = await start();
      expect((await signIn(first, '10.0.0.1', 'wrong password', 'someone')).statusCode).toBe(401);
      expect((await signIn(second, '10.0.0.1', 'wrong password', 'someone')).statusCode).toBe(401);
      expect((await signIn(first, '10.0.0.1', 'wrong password', 'someone')).statusCode).toBe(401);
      // The address's three failures were counted by two processes.
      expect((await signIn(second, '10.0.0.1', ADMIN_PASSWORD)).statusCode).toBe(429);
      // So were the account's: it is slowed in both.
      expect((await signIn(first, '10.0.0.2', 'wrong password', 'someone')).headers['retry-after']).toBe('1');
      expect((await signIn(second, '10.0.0.2', 'wrong password', 'someone')).headers['retry-after']).toBe(
        '1',
      );
      // A sign-in through one makes its address familiar to the other.
      expect((await signIn(first, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
      await failFromStrangers(first, 3);
      expect((await signIn(second, stranger(9), ADMIN_PASSWORD)).statusCode).toBe(429);
      expect((await signIn(second, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
    });

    it('forgets an address 30 days after the last sign-in from it', async () => {
      const app = await start();
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
      clock += 29 * DAY;
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
      clock += 29 * DAY;
      await failFromStrangers(app, 3);
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
      clock += 30 * DAY;
      await failFromStrangers(app, 3, 4);
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(429);
    });

    it('prunes counts past their window and addresses past 30 days', async () => {
      const app = await start();
      const db = app.services.database.db;
      const rows = async () =>
        Promise.all(
          (['login_address_failures', 'login_account_failures', 'login_known_addresses'] as const).map(
            async (table) => (await db.selectFrom(table).selectAll().execute()).length,
          ),
        );
      expect((await signIn(app, OWNER, ADMIN_PASSWORD)).statusCode).toBe(200);
      await failFromStrangers(app, 2);
      expect(await rows()).toEqual([3, 1, 1]);
      clock += 899 * SECOND;
      await app.services.auth.prune();
      expect(await rows()).toEqual([3, 1, 1]);
      clock += SECOND;
      await app.services.auth.prune();
      expect(await rows()).toEqual([0, 0, 1]);
      clock += 30 * DAY;
      await app.services.auth.prune();
      expect(await rows()).toEqual([0, 0, 0]);
    });
  });
}

throttleSuite('sign-in throttling on SQLite', async () => ({}));

describeWithPostgres('sign-in throttling on PostgreSQL', () => {
  if (!postgresUrl) return;
  throttleSuite('a database per test', async () => {
    const db = await createTestDatabase();
    return { database: { kind: 'postgres', url: db.url }, drop: db.drop };
  });
});
