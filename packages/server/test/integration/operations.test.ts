// Issue 18 point 5: the operators' doors through real HTTP. /health and /ready without sign-in and
// without detail; /metrics off unless PROVISOR_METRICS_TOKEN is set, behind that token, and its
// counters moving across a simulated fleet's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAcs, type Acs } from './rig';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line of a Prometheus text answer (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('operations doors (issue 18 point 5)', () => {
  let acs: Acs;
  beforeAll(async () => {
    acs = await startAcs({ metricsToken: TOKEN, discoverTree: false });
  });
  afterAll(async () => acs?.close());

  const scrape = async (authorization?: string) =>
    fetch(`${acs.url}metrics`, authorization ? { headers: { authorization } } : {});

  it('answers /health and /ready without sign-in and without details', async () => {
    const health = await fetch(`${acs.url}health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${acs.url}ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('refuses /metrics without the token, or with another, saying what to send', async () => {
    for (const auth of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const res = await scrape(auth);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /Authorization: Bearer <PROVISOR_METRICS_TOKEN>/,
      );
    }
  });

  it("shows the counters moving across a simulated fleet's sessions", async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const fleet = await acs.fleet({ count: 5, serialTemplate: 'MET{i:03}' });
    await fleet.waitForSessions(5);
    const device = await acs.deviceBySerial('MET001');
    const job = await acs.api('POST', `/api/devices/${device.id}/reboot`, {});
    await acs.jobFinished(job.json().job.id);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = await res.text();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('provisor_cwmp_sessions_total')).toBeGreaterThanOrEqual(6);
    expect(moved('provisor_cwmp_informs_total{outcome="recorded"}')).toBeGreaterThanOrEqual(6);
    expect(moved('provisor_cwmp_inform_duration_seconds_count')).toBeGreaterThanOrEqual(6);
    // Each ended session observed once in the duration histogram.
    expect(moved('provisor_cwmp_session_duration_seconds_count')).toBeGreaterThanOrEqual(5);
    expect(moved('provisor_cwmp_session_duration_seconds_count')).toBe(
      moved('provisor_cwmp_sessions_ended_total'),
    );
    expect(
      moved('provisor_cwmp_rpcs_total{method="SetParameterValues",outcome="answered"}'),
    ).toBeGreaterThanOrEqual(5);
    expect(moved('provisor_cwmp_rpc_duration_seconds_count{method="Reboot"}')).toBe(1);
    expect(moved('provisor_connection_requests_total{outcome="reachable"}')).toBeGreaterThanOrEqual(1);
    expect(moved('provisor_jobs_finished_total{type="reboot",status="completed"}')).toBe(1);
    expect(sample(after, 'provisor_devices{status="online"}')).toBe(5);
    expect(sample(after, 'provisor_jobs{status="completed"}')).toBeGreaterThanOrEqual(1);
    expect(moved('provisor_http_requests_total{status="2xx"}')).toBeGreaterThan(0);
    // Every statement the sessions sent, counted as the database handle counts them.
    expect(moved('provisor_db_statements_total')).toBeGreaterThanOrEqual(6);
    expect(sample(after, 'provisor_db_statements_total')).toBeLessThanOrEqual(
      acs.app.services.database.statements.count,
    );
    expect(after).toContain('# TYPE provisor_cwmp_sessions_active gauge');
  });

  it('answers /ready 503, with no detail, when the database does not answer', async () => {
    await acs.app.services.database.destroy();
    const ready = await fetch(`${acs.url}ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable' });
    expect((await fetch(`${acs.url}health`)).status).toBe(200);
  });
});

describe('/metrics without PROVISOR_METRICS_TOKEN', () => {
  it('is off: 404, whatever the token', async () => {
    const acs = await startAcs();
    try {
      const res = await fetch(`${acs.url}metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(acs.app.services.metrics).toBeNull();
    } finally {
      await acs.close();
    }
  });
});
