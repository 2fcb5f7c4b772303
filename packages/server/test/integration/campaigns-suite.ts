// Issue 21 (server): saved device groups and firmware campaigns, over real HTTP on 127.0.0.1 with the
// project's simulated routers upgrading (and refusing) firmware. Run on SQLite (campaigns.test.ts) and
// PostgreSQL (campaigns.postgres.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/modules/live/index';
import { multipart } from '../multipart';
import { httpOf, type Acs } from './rig';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const NEW_VERSION = '9.9.9-campaign';

/** Uploads a firmware image the simulator installs as `version`; answers its file id. */
export async function uploadFirmware(acs: Acs, version = NEW_VERSION, kind = 'firmware'): Promise<string> {
  const body = multipart(
    { kind },
    { field: 'file', name: `fw-${version}.bin`, content: `PROVISOR-FIRMWARE ${version}\n` },
  );
  const res = await acs.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { authorization: `Bearer ${acs.token}`, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file.id;
}

export async function waitForFleet(acs: Acs, search: string, count: number): Promise<void> {
  await acs.waitFor(
    `${count} routers ${search} online`,
    async () => {
      const r = (await acs.api('GET', `/api/devices?search=${search}&status=online&limit=1`)).json();
      return r.total === count;
    },
    30_000,
  );
}

export function campaignsSuite(start: () => Promise<Acs>): void {
  let acs: Acs;
  const live: LiveMessage[] = [];
  const http = httpOf(() => acs);
  let firmware: string;
  /** Firmware upgrade jobs not yet finished, and the most at once. */
  const open = new Set<string>();
  let mostOpen = 0;

  beforeAll(async () => {
    acs = await start();
    acs.app.services.bus.subscribe((m) => {
      live.push(m);
      if (m.type === 'job_update' && m.payload.type === 'firmware-upgrade') {
        if (['completed', 'failed', 'cancelled'].includes(m.payload.status)) open.delete(m.payload.id);
        else open.add(m.payload.id);
        mostOpen = Math.max(mostOpen, open.size);
      }
    });
    firmware = await uploadFirmware(acs);
  }, 60_000);
  afterAll(async () => acs?.close());

  async function group(name: string, filter: Json): Promise<Json> {
    const res = await http('POST', '/api/groups', { name, filter });
    expect(res.status, res.text).toBe(201);
    return res.json.group;
  }
  const campaignBody = (groupId: string, more: Json = {}) => ({
    name: 'Upgrade',
    groupId,
    fileId: firmware,
    targetVersion: NEW_VERSION,
    canarySize: 3,
    waves: [50, 100],
    soakMinutes: 0,
    maxConcurrent: 5,
    ...more,
  });
  async function createCampaign(body: Json): Promise<Json> {
    const res = await http('POST', '/api/campaigns', body);
    expect(res.status, res.text).toBe(201);
    return res.json.campaign;
  }
  const campaign = async (id: string) => (await http('GET', `/api/campaigns/${id}`)).json.campaign;
  const untilState = (id: string, states: string[], timeoutMs = 60_000) =>
    acs.waitFor(
      `campaign in ${states.join(' or ')}`,
      async () => {
        const c = await campaign(id);
        return states.includes(c.state) ? c : undefined;
      },
      timeoutMs,
    );

  it('saves groups, counts their size, previews versions and names devices in a bulk call', async () => {
    await acs.fleet({ count: 6, serialTemplate: 'GRPA{i:03}' });
    await waitForFleet(acs, 'GRPA', 6);
    const before = (await acs.deviceBySerial('GRPA001')).softwareVersion;

    const preview = await http('POST', '/api/groups/preview', { filter: { search: 'GRPA' } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json).toEqual({ size: 6, versions: [{ softwareVersion: before, count: 6 }] });
    const none = await http('POST', '/api/groups/preview', {
      filter: { search: 'GRPA', softwareVersion: 'no-such-version' },
    });
    expect(none.json).toEqual({ size: 0, versions: [] });

    const g = await group('Six routers', { search: 'GRPA', status: 'online' });
    expect(g).toMatchObject({ name: 'Six routers', size: 6, filter: { search: 'GRPA', status: 'online' } });
    const device = await acs.deviceBySerial('GRPA001');
    const exact = await group('By model', {
      search: 'GRPA',
      oui: device.oui,
      productClass: device.productClass,
      softwareVersion: before,
    });
    expect(exact.size).toBe(6);
    const list = (await http('GET', '/api/groups')).json.groups;
    expect(list.map((x: Json) => [x.name, x.size])).toEqual(
      expect.arrayContaining([
        ['Six routers', 6],
        ['By model', 6],
      ]),
    );
    const renamed = await http('PUT', `/api/groups/${g.id}`, { name: 'Two', filter: { search: 'GRPA00' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.group).toMatchObject({ name: 'Two', size: 6 });
    const narrowed = await http('PUT', `/api/groups/${g.id}`, { name: 'One', filter: { search: 'GRPA001' } });
    expect(narrowed.json.group.size).toBe(1);
    expect((await http('GET', `/api/groups/${g.id}`)).json.group).toMatchObject({ name: 'One', size: 1 });

    const bulk = await http('POST', '/api/provisioning/bulk/reboot', { groupId: exact.id });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.json).toMatchObject({ created: 6, failed: 0 });
    const both = await http('POST', '/api/provisioning/bulk/reboot', {
      groupId: exact.id,
      deviceIds: [device.id],
    });
    expect(both.status).toBe(400);
    expect(both.json.message).toMatch(/exactly one of deviceIds, filter or groupId/);
    // An export by group: exactly its devices, one row each.
    const exported = await http('POST', '/api/provisioning/bulk/export-parameters', {
      groupId: exact.id,
      format: 'json',
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.json).toHaveLength(6);
    const unknown = await http('POST', '/api/provisioning/bulk/reboot', { groupId: 'no-such-group' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toMatch(/"no-such-group"/);

    expect((await http('DELETE', `/api/groups/${g.id}`)).status).toBe(204);
    expect((await http('GET', `/api/groups/${g.id}`)).status).toBe(404);
  });

  it('refuses a campaign it cannot run, naming the field to fix', async () => {
    await acs.fleet({ count: 2, serialTemplate: 'BADC{i:03}' });
    await waitForFleet(acs, 'BADC', 2);
    const g = await group('Two', { search: 'BADC' });
    const empty = await group('Empty', { search: 'NOBODY-AT-ALL' });
    const config = await uploadFirmware(acs, 'x', 'config');
    const cases: [Json, RegExp][] = [
      [{ groupId: 'nope' }, /^groupId: no device group has the id "nope"/],
      [{ groupId: empty.id }, /^groupId: the group "Empty" matches no device/],
      [{ fileId: 'nope' }, /^fileId: no file in the store/],
      [{ fileId: config }, /^fileId: .* is a config file, not firmware/],
      [{ waves: [50, 40, 100] }, /^waves: each wave must reach a larger share/],
      [{ waves: [50, 90] }, /^waves: the last wave must be 100/],
      [{ canarySize: 3 }, /^canarySize: the canary \(3\) is larger than the group "Two" \(2 routers\)/],
      [
        { canarySize: 1, window: { start: '01:00', end: '04:00', timeZone: 'Mars/Olympus' } },
        /^window.timeZone: "Mars\/Olympus" is not a time zone/,
      ],
    ];
    for (const [more, message] of cases) {
      const res = await http('POST', '/api/campaigns', campaignBody(g.id, { canarySize: 1, ...more }));
      expect(res.status, JSON.stringify(more)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const schema = await http('POST', '/api/campaigns', { ...campaignBody(g.id), maxConcurrent: 0 });
    expect(schema.status).toBe(400);
    expect((await http('GET', '/api/campaigns')).json.campaigns).toHaveLength(0);
  });

  it('upgrades 30 routers in a canary and two waves, never more than 5 at once', async () => {
    await acs.fleet({ count: 30, serialTemplate: 'CAMP{i:03}' });
    await waitForFleet(acs, 'CAMP', 30);
    const g = await group('Thirty', { search: 'CAMP' });
    mostOpen = 0;
    const created = await createCampaign(campaignBody(g.id));
    expect(created.waveCounts.map((w: Json) => w.total)).toEqual([3, 12, 15]);
    const done = await untilState(created.id, ['completed', 'halted'], 90_000);
    expect(done.state, done.reason).toBe('completed');
    expect(done.counts).toMatchObject({ total: 30, upgraded: 30, failed: 0, pending: 0, upgrading: 0 });
    expect(done.waveCounts.every((w: Json) => w.finishedAt !== null)).toBe(true);
    expect(mostOpen).toBeGreaterThan(0);
    expect(mostOpen).toBeLessThanOrEqual(5);
    const devices = (await http('GET', '/api/devices?search=CAMP&limit=100')).json.devices;
    expect(devices.map((d: Json) => d.softwareVersion)).toEqual(Array(30).fill(NEW_VERSION));
    const page = (await http('GET', `/api/campaigns/${created.id}/devices?state=upgraded&limit=10`)).json;
    expect(page.total).toBe(30);
    expect(page.devices).toHaveLength(10);
    const progress = (await http('GET', `/api/campaigns/${created.id}/progress`)).json.points;
    expect(progress.at(-1)).toMatchObject({ upgraded: 30, failed: 0 });
    // campaign_update is throttled to one a second per campaign, and the last state is always sent.
    const updates = () => live.filter((m) => m.type === 'campaign_update' && m.payload.id === created.id);
    await acs.waitFor('the last campaign_update', async () => {
      const last = updates().at(-1);
      return last?.type === 'campaign_update' && last.payload.state === 'completed';
    });
    const times = updates().map((m) => Date.parse(m.timestamp));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(900);
    // The group is free again once its campaign is over.
    expect((await http('DELETE', `/api/groups/${g.id}`)).status).toBe(204);
  }, 120_000);

  it('halts when a wave fails past the threshold, touches no later wave, and retries the failed', async () => {
    await acs.fleet({ count: 30, serialTemplate: 'FAIL{i:03}', faults: { downloadFaultShare: 0.2 } });
    await waitForFleet(acs, 'FAIL', 30);
    const g = await group('Flaky', { search: 'FAIL' });
    const created = await createCampaign(campaignBody(g.id));
    const halted = await untilState(created.id, ['halted', 'completed'], 90_000);
    expect(halted.state).toBe('halted');
    const wave = halted.currentWave;
    expect(wave).toBeLessThanOrEqual(1);
    expect(halted.reason).toMatch(
      /^(The canary \(wave 0\)|Wave 1) failed \d+ of \d+ routers \(\d+(\.\d)?%\), above the 5% threshold: .*refused the firmware Download: CPE fault 9010/,
    );
    // No router of a later wave was started: no job, still pending.
    const later = (await http('GET', `/api/campaigns/${created.id}/devices?limit=100`)).json.devices.filter(
      (d: Json) => d.wave > wave,
    );
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((d: Json) => d.state === 'pending')).toBe(true);
    const jobs = (await http('GET', '/api/provisioning/jobs?type=firmware-upgrade&limit=1000')).json.jobs;
    const laterIds = new Set(later.map((d: Json) => d.deviceId));
    expect(jobs.filter((j: Json) => laterIds.has(j.deviceId))).toHaveLength(0);
    const failed = (await http('GET', `/api/campaigns/${created.id}/devices?state=failed`)).json;
    expect(failed.total).toBe(halted.counts.failed);
    expect(failed.devices[0].reason).toMatch(/refused the firmware Download: CPE fault 9010/);
    // The alert on the live channel and in the activity log.
    const alerts = live.flatMap((m) => (m.type === 'system_alert' ? [m.payload] : []));
    expect(alerts.find((a) => a.message.includes(halted.reason))?.level).toBe('error');
    await acs.app.services.activity.flush();
    const activity = (await http('GET', '/api/activity?limit=100')).json.entries;
    expect(activity.some((e: Json) => e.type === 'error' && e.message.includes('halted'))).toBe(true);
    // A group in use cannot be deleted.
    const del = await http('DELETE', `/api/groups/${g.id}`);
    expect(del.status).toBe(409);
    expect(del.json.message).toMatch(/used by the campaign "Upgrade"/);

    // Retry: the failed routers are pending again and the campaign runs; they fail again and it halts.
    const retried = await http('POST', `/api/campaigns/${created.id}/retry-failed`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.campaign).toMatchObject({ state: 'running', reason: null });
    expect(retried.json.campaign.counts.failed).toBe(0);
    const again = await untilState(created.id, ['halted'], 60_000);
    expect(again.counts.failed).toBe(halted.counts.failed);

    // Resumed as it is (the operator accepts the failures): the next wave starts.
    const resumed = await http('POST', `/api/campaigns/${created.id}/resume`);
    expect(resumed.status, resumed.text).toBe(200);
    const next = await acs.waitFor(
      'the next wave',
      async () => {
        const c = await campaign(created.id);
        return c.currentWave === again.currentWave + 1 ? c : undefined;
      },
      30_000,
    );
    expect(next.waveCounts[next.currentWave].startedAt).not.toBeNull();
    const cancelled = await http('POST', `/api/campaigns/${created.id}/cancel`);
    expect(cancelled.json.campaign.state).toBe('cancelled');
    const twice = await http('POST', `/api/campaigns/${created.id}/cancel`);
    expect(twice.status).toBe(409);
    expect((await http('DELETE', `/api/groups/${g.id}`)).status).toBe(204);
  }, 150_000);

  it('starts no router outside its maintenance window, and waits for it', async () => {
    await acs.fleet({ count: 2, serialTemplate: 'WIND{i:03}' });
    await waitForFleet(acs, 'WIND', 2);
    const g = await group('Windowed', { search: 'WIND' });
    const hhmm = (hoursFromNow: number) =>
      new Date(Date.now() + hoursFromNow * 3_600_000).toISOString().slice(11, 16);
    const window = { start: hhmm(2), end: hhmm(3), timeZone: 'UTC' };
    const created = await createCampaign(campaignBody(g.id, { canarySize: 1, waves: [100], window }));
    const waiting = await untilState(created.id, ['waiting'], 10_000);
    expect(waiting.window).toEqual(window);
    await new Promise((r) => setTimeout(r, 600));
    expect((await campaign(created.id)).counts).toMatchObject({ pending: 2, upgrading: 0 });
    expect((await http('POST', `/api/campaigns/${created.id}/cancel`)).status).toBe(200);
  });

  it('upgrades routers that were offline when their wave came once they inform again', async () => {
    // Known to the ACS but silent (offline) when the campaign starts; the same routers come up later.
    const model = await acs.deviceBySerial('CAMP001');
    for (const serialNumber of ['OFFL001', 'OFFL002']) {
      const res = await http('POST', '/api/devices/register', {
        serialNumber,
        oui: model.oui,
        productClass: model.productClass,
        connectionRequestUrl: 'http://127.0.0.1:9/',
      });
      expect(res.status, res.text).toBe(201);
    }
    const g = await group('Offline', { search: 'OFFL' });
    expect(g.size).toBe(2);
    const created = await createCampaign(campaignBody(g.id, { canarySize: 1, waves: [100] }));
    await acs.waitFor('both waves to pass', async () => (await campaign(created.id)).currentWave === 1);
    await new Promise((r) => setTimeout(r, 600));
    const waiting = await campaign(created.id);
    expect(waiting).toMatchObject({ state: 'running', counts: { pending: 2, upgrading: 0, upgraded: 0 } });
    await acs.fleet({ count: 2, serialTemplate: 'OFFL{i:03}' });
    const done = await untilState(created.id, ['completed'], 60_000);
    expect(done.counts).toMatchObject({ total: 2, upgraded: 2, failed: 0 });
    expect((await acs.deviceBySerial('OFFL002')).softwareVersion).toBe(NEW_VERSION);
  }, 90_000);

  it('fails a router not back on the new version within the deadline, saying so', async () => {
    // Every message of this router takes 2 s, so its upgrade is still under way when its start is
    // moved an hour back; the next tick fails it (and its job) for the deadline.
    await acs.fleet({ count: 1, serialTemplate: 'LATE{i:03}', faults: { slowShare: 1, slowMs: 2000 } });
    await waitForFleet(acs, 'LATE', 1);
    const g = await group('Late', { search: 'LATE' });
    const created = await createCampaign(
      campaignBody(g.id, { canarySize: 1, waves: [100], deadlineMinutes: 1, failureThreshold: 100 }),
    );
    await acs.waitFor('the router to start', async () => (await campaign(created.id)).counts.upgrading === 1);
    await acs.app.services.database.db
      .updateTable('campaign_devices')
      .set({ started_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('campaign_id', '=', created.id)
      .execute();
    const done = await untilState(created.id, ['completed'], 30_000);
    expect(done.counts).toMatchObject({ failed: 1, upgraded: 0 });
    const [late] = (await http('GET', `/api/campaigns/${created.id}/devices`)).json.devices;
    expect(late.reason).toMatch(/^Not back on version "9.9.9-campaign" within 1 minute of the Download/);
    const jobs = (await http('GET', `/api/devices/${late.deviceId}/jobs`)).json;
    expect(JSON.stringify(jobs)).toMatch(/Not back on version/);
  }, 60_000);

  it('pauses (no new starts), resumes, and cancels leaving routers not started untouched', async () => {
    await acs.fleet({ count: 12, serialTemplate: 'PAUS{i:03}' });
    await waitForFleet(acs, 'PAUS', 12);
    const g = await group('Pausable', { search: 'PAUS' });
    const created = await createCampaign(
      campaignBody(g.id, { canarySize: 1, waves: [100], maxConcurrent: 1 }),
    );
    const paused = await http('POST', `/api/campaigns/${created.id}/pause`);
    expect(paused.status, paused.text).toBe(200);
    expect(paused.json.campaign.state).toBe('paused');
    // What was started before the pause finishes; nothing else starts. A tick that read the
    // campaign as running before the pause may make a job the moment after: it takes the job back
    // before any router starts it (scheduler.ts), so nothing upgrades over two ticks in a row.
    let upgradingSince = Date.now();
    await acs.waitFor(
      'the started routers to finish',
      async () => {
        if ((await campaign(created.id)).counts.upgrading > 0) upgradingSince = Date.now();
        return Date.now() - upgradingSince > 500;
      },
      30_000,
    );
    const settled = (await campaign(created.id)).counts;
    await new Promise((r) => setTimeout(r, 1500));
    expect((await campaign(created.id)).counts).toEqual(settled);
    expect(settled.pending).toBeGreaterThan(0);
    expect((await http('POST', `/api/campaigns/${created.id}/pause`)).status).toBe(409);

    const resumed = await http('POST', `/api/campaigns/${created.id}/resume`);
    expect(resumed.json.campaign.state).toBe('running');
    await acs.waitFor(
      'more routers upgraded',
      async () => (await campaign(created.id)).counts.upgraded > settled.upgraded + 1,
      30_000,
    );
    const cancelled = await http('POST', `/api/campaigns/${created.id}/cancel`);
    expect(cancelled.json.campaign.state).toBe('cancelled');
    await acs.waitFor(
      'nothing upgrading',
      async () => (await campaign(created.id)).counts.upgrading === 0,
      30_000,
    );
    const final = await campaign(created.id);
    expect(final.counts.pending).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await campaign(created.id)).counts).toEqual(final.counts);
    const untouched = (await http('GET', `/api/campaigns/${created.id}/devices?state=pending`)).json.devices;
    for (const d of untouched) expect(d.softwareVersion).not.toBe(NEW_VERSION);
  }, 120_000);

  it('starts no router after a cancel that lands while the scheduler is starting routers', async () => {
    await acs.fleet({ count: 3, serialTemplate: 'RACE{i:03}' });
    await waitForFleet(acs, 'RACE', 3);
    const g = await group('Racing', { search: 'RACE' });
    // The operator's cancel lands after the scheduler's tick read the campaign as running, just
    // before it makes the upgrade jobs (the tick runs in the background; the cancel is a call).
    const jobsService = acs.app.services.jobs;
    const original = jobsService.create;
    const made: string[] = [];
    jobsService.create = async (...args: Parameters<typeof original>) => {
      if (args[1] === 'firmware-upgrade') {
        for (const c of (await http('GET', '/api/campaigns')).json.campaigns as Json[])
          if (c.name === 'Racing upgrade' && c.state === 'running')
            expect((await http('POST', `/api/campaigns/${c.id}/cancel`)).status).toBe(200);
      }
      const rows = await original(...args);
      if (args[1] === 'firmware-upgrade') made.push(...rows.map((r) => r.id));
      return rows;
    };
    try {
      const created = await createCampaign(
        campaignBody(g.id, { name: 'Racing upgrade', canarySize: 1, waves: [100], maxConcurrent: 1 }),
      );
      await acs.waitFor('the scheduler to make a job', async () => made.length > 0, 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect((await campaign(created.id)).state).toBe('cancelled');
      for (const id of made) expect((await acs.app.services.jobs.get(id)).status).toBe('cancelled');
      const routers = (await http('GET', `/api/campaigns/${created.id}/devices`)).json.devices as Json[];
      expect(routers).toHaveLength(3);
      for (const d of routers) expect(d.softwareVersion).not.toBe(NEW_VERSION);
    } finally {
      jobsService.create = original;
    }
  }, 60_000);
}
