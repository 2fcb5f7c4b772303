// What a router's first session and its periodic ones cost on SQLite, in statements (session-cost.ts),
// and a job's session (job-session-cost.ts).
// The bounds are the counts after issue 23 point 11 (bench/README.md, bootstrap-storm, has them before
// and after); a change that adds a statement to a session fails here.
import { describe, expect, it } from 'vitest';
import { JOB_SESSION_BOUNDS, measureJobSessionCost } from './job-session-cost';
import { BOUNDS, measureSessionCosts } from './session-cost';

describe('statements per session on SQLite', () => {
  it('bootstraps a router (credentials, tree discovery) within the bound; a periodic Inform costs one, one with a changed value three', async () => {
    const c = await measureSessionCosts({ discoverTree: true });
    expect(c.bootstrapRpcs).toBe(3);
    expect(c.bootstrap, c.texts.join('\n')).toBeLessThanOrEqual(BOUNDS.sqlite.bootstrapWithDiscovery);
    expect(c.periodic.at(-1), c.texts.join('\n')).toBe(1);
    expect(c.valueChangeStored).toBe('cost-value-change');
    expect(c.valueChange, c.texts.join('\n')).toBe(3);
  });

  it('bootstraps a router (credentials, no discovery) within the bound; a periodic Inform costs one', async () => {
    const c = await measureSessionCosts({ discoverTree: false });
    expect(c.bootstrapRpcs).toBe(1);
    expect(c.bootstrap, c.texts.join('\n')).toBeLessThanOrEqual(BOUNDS.sqlite.bootstrap);
    expect(c.periodic.at(-1), c.texts.join('\n')).toBe(1);
  });
});

describe('statements per job session on SQLite', () => {
  it('runs a bulk SetParameterValues job in its session within the bound', async () => {
    const c = await measureJobSessionCost();
    expect(c.session, c.texts.join('\n')).toBeLessThanOrEqual(JOB_SESSION_BOUNDS.sqlite);
    // The device was provisioning while the job ran, and is online with nothing left after it.
    expect(c.statuses).toEqual(['provisioning', 'online']);
    expect(c.facts).toEqual({ status: 'online', jobs_waiting: 0, jobs_running: 0, last_job_failed: 0 });
  });
});
