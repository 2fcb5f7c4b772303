// Profiles reaching routers by themselves, on PostgreSQL (the scenario: auto-provision-scenario.ts).
import { afterAll } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { autoProvisionSuite } from './auto-provision-scenario';

describeWithPostgres('PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());
  autoProvisionSuite('provisioning by itself on PostgreSQL (issue 16 point 5)', async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    return { database: { kind: 'postgres', url: db.url } };
  });
});
