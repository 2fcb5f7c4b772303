// Keyset paging of the device list on PostgreSQL (issue 24): the scenario of list-paging.test.ts.
import { afterAll, beforeAll, it } from 'vitest';
import {
  badCursorsScenario,
  cursorPagingScenario,
  emptyPageWayBackScenario,
} from '../../../test/device-paging-scenario';
import { login, testConfig } from '../../../test/helpers';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { buildApp } from '../../app';

describeWithPostgres('device list paging by cursor (PostgreSQL)', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let cleanup: () => void;
  let token: string;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const t = testConfig({ database: { kind: 'postgres', url: db.url } });
    cleanup = t.cleanup;
    app = await buildApp(t.config, { strictAnswers: true });
    token = await login(app);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    cleanup?.();
  });

  it('rejects a bad cursor, both directions at once, and a cursor with an offset', async () => {
    await badCursorsScenario(app, token);
  });

  it('walks forward and back by cursor as offset paging does, also while devices come and go', async () => {
    await cursorPagingScenario(app, token);
  });

  it('pages back from an empty page to the page it came from, whole', async () => {
    await emptyPageWayBackScenario(app, token);
  });
});
