// Bulk operations on PostgreSQL (the suite is in bulk-operations-suite.ts).
import { afterAll } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { bulkOperationsSuite } from './bulk-operations-suite';
import { startAcs } from './rig';

describeWithPostgres('bulk operations by filter, as groups (PostgreSQL)', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());
  bulkOperationsSuite(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    return startAcs({ database: { kind: 'postgres', url: db.url } });
  });
});
