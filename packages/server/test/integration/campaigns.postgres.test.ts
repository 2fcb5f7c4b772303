// Firmware campaigns on PostgreSQL (the suite is in campaigns-suite.ts).
import { afterAll } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { campaignsSuite } from './campaigns-suite';
import { startAcs } from './rig';

describeWithPostgres('device groups and firmware campaigns (PostgreSQL)', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());
  campaignsSuite(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    return startAcs({ database: { kind: 'postgres', url: db.url }, campaignTickMs: 200 });
  });
});
