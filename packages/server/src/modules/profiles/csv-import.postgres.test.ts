// spec §7 POST /api/profiles/bulk-import-csv on PostgreSQL, through real HTTP on 127.0.0.1: the same
// cases as the SQLite suite (test/csv-import-scenario.ts), and two imports of one file at once.
import { afterAll, beforeAll, it } from 'vitest';
import {
  apiAt,
  importsFiftyCustomers,
  importsTwiceAtOnce,
  refusesBadRequests,
  type Api,
} from '../../../test/csv-import-scenario';
import { bearer, listenOnLoopback, login, testConfig } from '../../../test/helpers';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { buildApp } from '../../app';

describeWithPostgres('customer CSV import (issue 17 point 2) on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let cleanup: () => void;
  let api: Api;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const t = testConfig({ database: { kind: 'postgres', url: db.url } });
    cleanup = t.cleanup;
    app = await buildApp(t.config, { strictAnswers: true });
    const base = await listenOnLoopback(app);
    const auth = bearer(await login(app));
    api = apiAt(base, auth);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    cleanup?.();
  });

  it('refuses a missing or unknown template, no data, an unreadable file and a body over the limit, storing nothing', async () => {
    await refusesBadRequests(api);
  });

  it('imports 50 customers with bad rows mixed in: results line by line, exactly the good rows stored', async () => {
    await importsFiftyCustomers(api);
  });

  it('creates each customer once when the same file is imported twice at the same time', async () => {
    await importsTwiceAtOnce(api);
  });
});
