// What one job session costs on PostgreSQL, in round trips (job-session-cost.ts): a connection request
// and the router's session that runs one SetParameterValues. The bound is the count after issue 24
// target 3 (bench/README.md, provisioning-wave, has it before and after each cut); a change that adds
// a round trip fails here.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { JOB_SESSION_BOUNDS, measureJobSessionCost } from './job-session-cost';

describeWithPostgres('round trips per job session on PostgreSQL', () => {
  let url = '';
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase();
    url = db.url;
    drop = db.drop;
  });
  afterAll(async () => {
    await drop?.();
  });

  it('runs a bulk SetParameterValues job in its session within the bound', async () => {
    const c = await measureJobSessionCost({ database: { kind: 'postgres', url } });
    expect(c.session, c.texts.join('\n')).toBeLessThanOrEqual(JOB_SESSION_BOUNDS.postgres);
  });
});
