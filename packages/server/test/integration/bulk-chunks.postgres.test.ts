// Bulk calls by filter, a chunk at a time, on PostgreSQL (the suite is in bulk-chunks-suite.ts).
import { afterAll } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { bulkChunksSuite, CHUNK } from './bulk-chunks-suite';
import { startAcs } from './rig';

describeWithPostgres('bulk calls by filter in chunks (PostgreSQL)', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());
  bulkChunksSuite(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    return startAcs({ bulkChunkSize: CHUNK, database: { kind: 'postgres', url: db.url } });
  });
});
