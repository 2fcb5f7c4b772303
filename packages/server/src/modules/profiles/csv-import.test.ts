// spec §7 POST /api/profiles/bulk-import-csv on SQLite, through real HTTP on 127.0.0.1 (the cases
// are shared with the PostgreSQL suite: test/csv-import-scenario.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importsFiftyCustomers, json, refusesBadRequests, type Api } from '../../../test/csv-import-scenario';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';

describe('customer CSV import (issue 17 point 2) on SQLite', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let api: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    const base = await listenOnLoopback(t.app);
    const auth = bearer(await login(t.app));
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
  afterAll(async () => t?.close());

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
