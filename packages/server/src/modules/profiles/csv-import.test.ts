// spec §7 POST /api/profiles/bulk-import-csv on SQLite, through real HTTP on 127.0.0.1 (the cases
// are shared with the PostgreSQL suite: test/csv-import-scenario.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  apiAt,
  importsFiftyCustomers,
  importsTwiceAtOnce,
  refusesBadRequests,
  type Api,
} from '../../../test/csv-import-scenario';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';

describe('customer CSV import (issue 17 point 2) on SQLite', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let api: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    const base = await listenOnLoopback(t.app);
    const auth = bearer(await login(t.app));
    api = apiAt(base, auth);
  });
  afterAll(async () => t?.close());

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
