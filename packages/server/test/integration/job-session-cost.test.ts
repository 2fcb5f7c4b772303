// What one job session costs on SQLite, in statements (job-session-cost.ts): a connection request and
// the router's session that runs one SetParameterValues. The bound is the count after issue 24 target
// 3 (bench/README.md, provisioning-wave, has it before and after each cut); a change that adds a
// statement to a job session fails here.
import { describe, expect, it } from 'vitest';
import { JOB_SESSION_BOUNDS, measureJobSessionCost } from './job-session-cost';

describe('statements per job session on SQLite', () => {
  it('runs a bulk SetParameterValues job in its session within the bound', async () => {
    const c = await measureJobSessionCost();
    expect(c.session, c.texts.join('\n')).toBeLessThanOrEqual(JOB_SESSION_BOUNDS.sqlite);
  });
});
