// What a router's first session and its periodic ones cost on PostgreSQL, in round trips
// (session-cost.ts), and a job's session (job-session-cost.ts: a connection request and the session
// that runs one SetParameterValues). The bounds are the counts after issue 23 point 11 and issue 24
// target 3 (bench/README.md, bootstrap-storm and provisioning-wave, have them before and after); a
// change that adds a round trip fails here.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { JOB_SESSION_BOUNDS, measureJobSessionCost } from './job-session-cost';
import { BOUNDS, measureSessionCosts } from './session-cost';

describeWithPostgres('round trips per session on PostgreSQL', () => {
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

  it('bootstraps a router (credentials, tree discovery) within the bound; a periodic Inform costs one, one with a changed value two', async () => {
    const c = await measureSessionCosts({ database: { kind: 'postgres', url }, discoverTree: true });
    expect(c.bootstrapRpcs).toBe(3);
    expect(c.bootstrap, c.texts.join('\n')).toBeLessThanOrEqual(BOUNDS.postgres.bootstrapWithDiscovery);
    expect(c.periodic.at(-1), c.texts.join('\n')).toBe(1);
    expect(c.valueChangeStored).toBe('cost-value-change');
    expect(c.valueChange, c.texts.join('\n')).toBe(2);
  });

  it('bootstraps a router (credentials, no discovery) within the bound; a periodic Inform costs one', async () => {
    const c = await measureSessionCosts({ database: { kind: 'postgres', url }, discoverTree: false });
    expect(c.bootstrapRpcs).toBe(1);
    expect(c.bootstrap, c.texts.join('\n')).toBeLessThanOrEqual(BOUNDS.postgres.bootstrap);
    expect(c.periodic.at(-1), c.texts.join('\n')).toBe(1);
  });

  it('runs a bulk SetParameterValues job in its session within the bound', async () => {
    const c = await measureJobSessionCost({ database: { kind: 'postgres', url } });
    expect(c.session, c.texts.join('\n')).toBeLessThanOrEqual(JOB_SESSION_BOUNDS.postgres);
    // The device was provisioning while the job ran, and is online with nothing left after it.
    expect(c.statuses).toEqual(['provisioning', 'online']);
    expect(c.facts).toEqual({ status: 'online', jobs_waiting: 0, jobs_running: 0, last_job_failed: 0 });
  });
});
