// Bulk calls by filter, a chunk at a time, on SQLite (the suite is in bulk-chunks-suite.ts).
import { describe } from 'vitest';
import { bulkChunksSuite, CHUNK } from './bulk-chunks-suite';
import { startAcs } from './rig';

describe('bulk calls by filter in chunks (SQLite)', () => {
  bulkChunksSuite(() => startAcs({ bulkChunkSize: CHUNK }));
});
