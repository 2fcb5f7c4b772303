// The Settings that take effect on PostgreSQL (the scenario: settings-scenario.ts).
import { afterAll } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { settingsSuite } from './settings-scenario';

describeWithPostgres('PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());
  settingsSuite('settings that take effect on PostgreSQL (issue 18)', async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    return { database: { kind: 'postgres', url: db.url } };
  });
});
