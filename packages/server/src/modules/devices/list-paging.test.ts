// Keyset paging of the device list on SQLite (issue 24); the same scenario runs on PostgreSQL in
// list-paging.postgres.test.ts.
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  badCursorsScenario,
  cursorPagingScenario,
  emptyPageWayBackScenario,
} from '../../../test/device-paging-scenario';
import { buildTestApp, login } from '../../../test/helpers';

describe('device list paging by cursor (SQLite)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
  });
  afterAll(async () => t.close());

  it('rejects a bad cursor, both directions at once, and a cursor with an offset', async () => {
    await badCursorsScenario(t.app, token);
  });

  it('walks forward and back by cursor as offset paging does, also while devices come and go', async () => {
    await cursorPagingScenario(t.app, token);
  });

  it('pages back from an empty page to the page it came from, whole', async () => {
    await emptyPageWayBackScenario(t.app, token);
  });
});
