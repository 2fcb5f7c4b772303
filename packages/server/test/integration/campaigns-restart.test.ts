// Issue 21: a firmware campaign survives a restart of the server. The app is closed in the middle of
// a campaign, while a router is about to fetch its file, and a new one started on the same database
// and port; the simulated routers reconnect, the router whose fetch failed meanwhile is sent its
// Download again, and the campaign carries on from where it was, without starting any router twice.
import { startFleet, type Fleet } from '@provisor/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { bearer, login, testConfig } from '../helpers';
import { uploadFirmware, NEW_VERSION } from './campaigns-suite';
import { FAST_SIM, type Acs } from './rig';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('a firmware campaign across a server restart', () => {
  const { config, cleanup } = testConfig({
    sweepIntervalMs: 100,
    connectionRequestMinIntervalMs: 0,
    setConnectionRequestCredentials: true,
    campaignTickMs: 200,
  });
  let app: FastifyInstance | undefined;
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.stop();
    await app?.close();
    cleanup();
  });

  async function start(port: number): Promise<{ url: string; token: string }> {
    app = await buildApp(config, { strictAnswers: true });
    await app.listen({ port, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return { url, token: await login(app) };
  }
  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app!.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return res.json() as Json;
  };
  let token = '';
  const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('carries on where it was after the server is closed and started again', async () => {
    const first = await start(0);
    token = first.token;
    const port = Number(new URL(first.url).port);
    fleet = await startFleet({
      ...FAST_SIM,
      acsUrl: `${first.url}/`,
      count: 20,
      serialTemplate: 'RST{i:03}',
      // Half a second (scaled) between taking a Download and fetching the file, as real routers take:
      // long enough to close the server in between.
      transferStartMs: 50_000,
    });
    await waitFor('20 routers online', async () => {
      const r = await api('GET', '/api/devices?status=online&limit=1');
      return r.total === 20;
    });
    const fileId = await uploadFirmware({ app: app!, token } as Acs);
    const group = (await api('POST', '/api/groups', { name: 'Restart', filter: { search: 'RST' } })).group;
    const created = (
      await api('POST', '/api/campaigns', {
        name: 'Across a restart',
        groupId: group.id,
        fileId,
        targetVersion: NEW_VERSION,
        canarySize: 2,
        waves: [50, 100],
        soakMinutes: 0,
        maxConcurrent: 2,
      })
    ).campaign;
    const campaign = async () => (await api('GET', `/api/campaigns/${created.id}`)).campaign;
    // The server goes down while a router holds a Download it has not started: its fetch of the file
    // fails (9015, nobody listens), and it reports so once the server is back.
    const accepted = () =>
      fleet!.devices.find((d) => d.state.queued.some((t) => t.isDownload && t.state === 1));
    await waitFor(
      'a few routers upgraded and one about to fetch its file',
      async () => (await campaign()).counts.upgraded >= 4 && accepted() !== undefined,
    );
    const cutOff = accepted()!;
    await app!.close();
    app = undefined;
    await waitFor('the router to fail its fetch', async () => cutOff.state.queued.length === 0);
    expect(cutOff.sessionLog.entries.filter((e) => e.kind === 'transfer').map((e) => e.faultCode)).toContain(
      9015,
    );

    await start(port);
    const resumed = await campaign();
    expect(resumed.counts.upgraded).toBeGreaterThanOrEqual(4);
    expect(resumed.counts.upgraded).toBeLessThan(20);
    await waitFor(
      'the campaign to complete',
      async () => (await campaign()).state === 'completed',
      90_000,
    ).catch(async (err) => {
      const routers = await api('GET', `/api/campaigns/${created.id}/devices?limit=100`);
      const all = await api('GET', '/api/provisioning/jobs?type=firmware-upgrade&limit=1000');
      console.error(JSON.stringify({ campaign: await campaign(), routers, jobs: all }, null, 1));
      throw err;
    });
    const done = await campaign();
    expect(done.counts).toMatchObject({ total: 20, upgraded: 20, failed: 0 });
    const devices = (await api('GET', '/api/devices?search=RST&limit=100')).devices;
    expect(devices.map((d: Json) => d.softwareVersion)).toEqual(Array(20).fill(NEW_VERSION));
    // No router was started twice: one firmware job each.
    const jobs = (await api('GET', '/api/provisioning/jobs?type=firmware-upgrade&limit=1000')).jobs;
    expect(jobs).toHaveLength(20);
    expect(new Set(jobs.map((j: Json) => j.deviceId)).size).toBe(20);
  }, 180_000);
});
