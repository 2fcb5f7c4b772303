// Issue 18, the server half: the Dashboard's history and live channel through real HTTP with the
// project's simulated routers: the persisted activity log (paged), connection_event and stats_update
// over a real /ws socket, the performance samples, the 24-hour trend from snapshots. On SQLite
// (dashboard.test.ts) and PostgreSQL (dashboard.postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Config } from '../../src/config';
import type { ActivityEntry, LiveMessage } from '../../src/contract';
import { startAcs, type Acs } from './rig';

function openLive(acs: Acs): Promise<{ ws: WebSocket; messages: LiveMessage[] }> {
  const messages: LiveMessage[] = [];
  const ws = new WebSocket(`${acs.url.replace('http:', 'ws:')}ws`, ['provisor', acs.token]);
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
  });
}

export function dashboardSuite(name: string, database: () => Promise<Partial<Config>>) {
  describe(name, () => {
    let acs: Acs;
    beforeAll(async () => {
      acs = await startAcs({ ...(await database()), discoverTree: false });
    });
    afterAll(async () => acs?.close());

    const activity = async (query = '') => {
      await acs.app.services.activity.flush();
      const res = await acs.api('GET', `/api/activity${query}`);
      expect(res.status).toBe(200);
      return res.json() as { entries: ActivityEntry[]; nextBefore: string | null };
    };

    it('logs routers first seen, bootstrapped and their jobs, announces their sessions live, and pages the log', async () => {
      const live = await openLive(acs);
      const fleet = await acs.fleet({ count: 3, serialTemplate: 'DASH{i:04}' });
      await fleet.waitForSessions(3);
      const device = await acs.deviceBySerial('DASH0001');
      await acs.waitFor('the session end to be announced', async () =>
        live.messages.some(
          (m) => m.type === 'connection_event' && !m.payload.connected && m.payload.deviceId === device.id,
        ),
      );
      const events = live.messages.filter((m) => m.type === 'connection_event');
      expect(events).toContainEqual(
        expect.objectContaining({
          payload: { connected: true, deviceId: device.id, ipAddress: expect.stringMatching(/127\.0\.0\.1/) },
        }),
      );
      // stats_update arrives, coalesced: one recount per 200 ms at most (stats/service.ts).
      await acs.waitFor('a stats update', async () => live.messages.some((m) => m.type === 'stats_update'));
      const statsTimes = live.messages
        .filter((m) => m.type === 'stats_update')
        .map((m) => Date.parse(m.timestamp));
      for (let i = 1; i < statsTimes.length; i++)
        expect(statsTimes[i]! - statsTimes[i - 1]!).toBeGreaterThanOrEqual(150);
      live.ws.close(1000);

      const mine = (await activity(`?deviceId=${device.id}&limit=100`)).entries;
      const messages = mine.map((e) => e.message);
      expect(messages).toContain('DASH0001 was seen for the first time');
      // A new router's bootstrap is its first sighting: one entry, not two.
      expect(messages.filter((m) => m.startsWith('DASH0001 bootstrapped'))).toEqual([]);
      expect(messages).toContain('Job set-connection-credentials completed on DASH0001');
      const seen = mine.find((e) => e.message.endsWith('first time'))!;
      expect(seen).toMatchObject({ type: 'device', deviceId: device.id, details: { event: 'first-seen' } });
      const job = mine.find((e) => e.message.startsWith('Job'))!;
      expect(job.type).toBe('success');
      // Newest first.
      const times = mine.map((e) => e.id);
      expect([...times].sort().reverse()).toEqual(times);

      // Paging: two at a time, no entry twice, all of them reached.
      const all = (await activity('?limit=500')).entries;
      const paged: string[] = [];
      let before: string | null = null;
      do {
        const page = await activity(`?limit=2${before ? `&before=${before}` : ''}`);
        expect(page.entries.length).toBeLessThanOrEqual(2);
        paged.push(...page.entries.map((e) => e.id));
        before = page.nextBefore;
      } while (before);
      expect(paged).toEqual(all.map((e) => e.id));

      const successes = (await activity('?type=success&limit=500')).entries;
      expect(successes.length).toBeGreaterThanOrEqual(3);
      expect(successes.every((e) => e.type === 'success')).toBe(true);
    });

    it('logs a boot, a refused connection request and a failed job with its reason', async () => {
      const fleet = await acs.fleet({ count: 1, serialTemplate: 'FAIL{i:04}' });
      await fleet.waitForSessions(1);
      const device = await acs.deviceBySerial('FAIL0001');
      fleet.devices[0]!.informNow(['1 BOOT']);
      await fleet.waitForSessions(2);
      // The router goes away: the reboot's connection request is refused; the operator fails the job.
      await fleet.stop();
      const job = await acs.api('POST', `/api/devices/${device.id}/reboot`, {});
      expect(job.status).toBe(200);
      const jobId = job.json().job.id;
      const entries = async () => (await activity(`?deviceId=${device.id}&limit=100`)).entries;
      const refused = await acs.waitFor('the refused connection request to be logged', async () =>
        (await entries()).find((e) => e.message.startsWith('Connection request to FAIL0001 refused')),
      );
      expect(refused).toMatchObject({ type: 'warning', details: { outcome: 'refused' } });
      const failed = await acs.api('POST', `/api/provisioning/jobs/${jobId}/fail`, {
        error: 'router unplugged',
      });
      expect(failed.status).toBe(200);
      const all = await entries();
      expect(all.map((e) => e.message)).toContain('FAIL0001 booted');
      expect(all.find((e) => e.message.startsWith('Job reboot failed'))).toMatchObject({
        type: 'error',
        message: 'Job reboot failed on FAIL0001: router unplugged',
        details: { jobId, jobType: 'reboot', error: 'router unplugged' },
      });
    });

    it('refuses a bad query with a message naming the parameter', async () => {
      const res = await acs.api('GET', '/api/activity?limit=0');
      expect(res.status).toBe(400);
      expect(res.json().message).toMatch(/limit/);
      const type = await acs.api('GET', '/api/activity?type=nonsense');
      expect(type.status).toBe(400);
      expect(type.json().message).toMatch(/type/);
    });

    it('writes system alerts to the log and keeps the retention limit', async () => {
      acs.app.services.bus.publish('system_alert', {
        level: 'warning',
        message: 'Test alert: disk almost full',
      });
      const entries = (await activity('?type=warning')).entries;
      expect(entries[0]).toMatchObject({
        type: 'warning',
        message: 'Test alert: disk almost full',
        deviceId: null,
      });
      // Entries older than the retention go at the next prune.
      const far = Date.now() + 31 * 86_400_000;
      expect(await acs.app.services.activity.prune(far)).toBeGreaterThan(0);
      expect((await activity()).entries).toEqual([]);
    });

    it('answers the recent performance samples, oldest first, from real measurements', async () => {
      const { performance } = acs.app.services;
      performance.tick();
      performance.tick();
      const res = await acs.api('GET', '/api/stats/performance');
      expect(res.status).toBe(200);
      const body = res.json();
      expect(body.intervalSeconds).toBe(5);
      expect(body.samples.length).toBeGreaterThanOrEqual(2);
      const last = body.samples.at(-1);
      expect(last.memoryUsage).toBeGreaterThan(0);
      expect(last.memoryUsage).toBeLessThanOrEqual(100);
      expect(last.cpuUsage).toBeGreaterThanOrEqual(0);
      expect(last.cpuUsage).toBeLessThanOrEqual(100);
      expect(last.requestsPerSecond).toBeGreaterThanOrEqual(0);
      expect(Date.parse(body.samples[0].timestamp)).toBeLessThanOrEqual(Date.parse(last.timestamp));
    });

    it('answers no trend until a snapshot is about 24 hours old, then its counts', async () => {
      const empty = await acs.api('GET', '/api/stats/trend');
      expect(empty.json()).toEqual({ since: null, stats: null });
      const { snapshots } = acs.app.services;
      const dayAgo = Date.now() - 24 * 3_600_000;
      expect(await snapshots.take(dayAgo, 0)).toBe(true);
      const res = await acs.api('GET', '/api/stats/trend');
      expect(res.json()).toEqual({
        since: new Date(dayAgo).toISOString(),
        stats: (await acs.api('GET', '/api/stats')).json(),
      });
    });
  });
}
