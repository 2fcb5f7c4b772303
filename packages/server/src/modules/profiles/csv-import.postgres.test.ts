// spec §7 POST /api/profiles/bulk-import-csv on PostgreSQL, through real HTTP on 127.0.0.1: the same
// cases as the SQLite suite (test/csv-import-scenario.ts), and two imports of one file at once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importsFiftyCustomers, json, refusesBadRequests, type Api } from '../../../test/csv-import-scenario';
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
    api = {
      call: (method, path, body, headers = {}) =>
        fetch(`${base}${path}`, {
          method,
          headers: {
            ...auth,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
    };
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
    const templateId = (await json(await api.call('GET', '/api/templates?vendor=Huawei'))).templates[0].id;
    const csv = `surname,password\n${Array.from({ length: 300 }, (_, i) => `Istodobni${i},lozinka123`).join('\n')}`;
    const answers = await Promise.all(
      [1, 2].map(async () =>
        json(await api.call('POST', '/api/profiles/bulk-import-csv', { csvData: csv, templateId })),
      ),
    );
    expect(answers.map((a) => a.successful).sort()).toEqual([0, 300]);
    expect((await json(await api.call('GET', '/api/profiles?search=Istodobni&limit=5000'))).total).toBe(300);
  });
});
