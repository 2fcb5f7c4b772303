// Bulk operations on SQLite (the suite is in bulk-operations-suite.ts).
import { describe } from 'vitest';
import { bulkOperationsSuite } from './bulk-operations-suite';
import { startAcs } from './rig';

describe('bulk operations by filter, as groups (SQLite)', () => {
  bulkOperationsSuite(() => startAcs());
});
