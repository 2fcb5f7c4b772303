// The Dashboard's history and live channel on PostgreSQL (the scenario: dashboard-scenario.ts).
import { afterAll } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { dashboardSuite } from './dashboard-scenario';

describeWithPostgres('PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());
  dashboardSuite('dashboard history and live channel on PostgreSQL (issue 18)', async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    return { database: { kind: 'postgres', url: db.url } };
  });
});
