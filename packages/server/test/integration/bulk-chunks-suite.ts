// Issue 24 target 4: a bulk call by filter reads its devices and makes their jobs a chunk at a time
// (jobs/bulk.ts, PROVISOR_BULK_CHUNK_SIZE), so its memory is bounded by the chunk, not by the devices
// matched. Over more devices than one chunk it still makes exactly one job per matching device, and a
// device that appears or goes away during the call never gets two. Real HTTP on 127.0.0.1; run on
// SQLite (bulk-chunks.test.ts) and PostgreSQL (bulk-chunks.postgres.test.ts).
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/modules/live/index';
import { specProfileValues } from '../../../../test-support/spec-profile';
import { httpOf, type Acs } from './rig';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The chunk size the suite's server is started with. */
export const CHUNK = 3;
const SSID = 'Device.WiFi.SSID.1.SSID';

export function bulkChunksSuite(start: () => Promise<Acs>): void {
  let acs: Acs;
  const live: LiveMessage[] = [];
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    acs = await start();
    acs.app.services.bus.subscribe((m) => live.push(m));
  });
  afterEach(() => restore?.());
  afterAll(async () => acs?.close());

  const http = httpOf(() => acs);

  async function register(serial: string): Promise<string> {
    const res = await http('POST', '/api/devices/register', {
      serialNumber: serial,
      oui: '50524F',
      productClass: 'SimRouter',
      connectionRequestUrl: 'http://127.0.0.1:9/',
    });
    expect(res.status, res.text).toBe(201);
    return res.json.device.id;
  }

  /** Wraps devices.matchingAfter (what the bulk route reads by) for one test. */
  function spyChunks(after?: (call: number) => Promise<void>): number[] {
    const devices = acs.app.services.devices;
    const original = devices.matchingAfter;
    const sizes: number[] = [];
    devices.matchingAfter = async (...args) => {
      const rows = await original(...args);
      sizes.push(rows.length);
      await after?.(sizes.length);
      return rows;
    };
    restore = () => {
      devices.matchingAfter = original;
      restore = undefined;
    };
    return sizes;
  }

  /** A valid profile of the TR-181 starter template, for customer `surname`. */
  async function newProfile(surname: string): Promise<Json> {
    const templates = (await http('GET', '/api/templates?search=Generic')).json.templates as Json[];
    const template = templates.find((t) => t.name === 'Generic TR-181 Router');
    const created = await http('POST', '/api/profiles', {
      name: `Kupac-${surname}`,
      templateId: template.id,
      values: specProfileValues(surname),
    });
    expect(created.status, created.text).toBe(201);
    return created.json.profile;
  }

  const jobsOf = async (operationId: string): Promise<Json[]> =>
    (await http('GET', `/api/provisioning/jobs?operationId=${operationId}&limit=1000`)).json.jobs;

  it('makes exactly one job per matching device over more devices than one chunk, reading them a chunk at a time', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 8; i++) ids.push(await register(`CHNKA${String(i).padStart(2, '0')}`));
    await register('OTHER01');
    const sizes = spyChunks();
    const res = await http('POST', '/api/provisioning/bulk/set-parameters', {
      filter: { search: 'chnka' },
      parameters: [{ name: SSID, value: 'chunked' }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ operationId: expect.any(String), results: [], created: 8, failed: 0 });
    // 8 devices, 3 at a time: 3, 3, 2 (the short chunk is the last: nothing more is read).
    expect(sizes).toEqual([CHUNK, CHUNK, 2]);
    const jobs = await jobsOf(res.json.operationId);
    expect(jobs.map((j: Json) => j.deviceId).sort()).toEqual([...ids].sort());
    expect(jobs.every((j: Json) => j.type === 'set-parameters' && j.status === 'pending')).toBe(true);
    const op = (await http('GET', `/api/provisioning/operations/${res.json.operationId}`)).json;
    expect(op).toMatchObject({ total: 8, pending: 8, filter: { search: 'chnka' } });
    // Every job is announced, each once.
    const announced = live
      .filter((m) => m.type === 'job_update' && (m.payload as Json).operationId === res.json.operationId)
      .map((m) => (m.payload as Json).deviceId);
    expect(announced.sort()).toEqual([...ids].sort());
    const { db } = acs.app.services.database;
    const stored = await db.selectFrom('bulk_operations').select('total').where('id', '=', op.id).execute();
    expect(stored).toEqual([{ total: 8 }]);
  });

  it('gives a device that appears or goes away during the call at most one job', async () => {
    const ids = new Map<string, string>();
    for (let i = 1; i <= 7; i++) {
      const serial = `CHNKB${String(i).padStart(2, '0')}`;
      ids.set(serial, await register(serial));
    }
    // After the first chunk (CHNKB01-03): one device is added before the point reached, one after
    // it, and one not yet read goes away.
    spyChunks(async (call) => {
      if (call !== 1) return;
      ids.set('CHNKB00', await register('CHNKB00'));
      ids.set('CHNKB99', await register('CHNKB99'));
      expect((await http('DELETE', `/api/devices/${ids.get('CHNKB05')}`)).status).toBe(204);
    });
    const res = await http('POST', '/api/provisioning/bulk/reboot', { filter: { search: 'CHNKB' } });
    expect(res.status, res.text).toBe(200);
    const jobs = await jobsOf(res.json.operationId);
    const perDevice = new Map<string, number>();
    for (const j of jobs) perDevice.set(j.deviceId, (perDevice.get(j.deviceId) ?? 0) + 1);
    expect([...perDevice.values()].every((n) => n === 1)).toBe(true);
    const got = (serial: string) => perDevice.has(ids.get(serial)!);
    expect(['01', '02', '03', '04', '06', '07', '99'].every((s) => got(`CHNKB${s}`))).toBe(true);
    expect(got('CHNKB05')).toBe(false);
    expect(got('CHNKB00')).toBe(false);
    expect(res.json).toEqual({ operationId: expect.any(String), results: [], created: 7, failed: 0 });
    const op = (await http('GET', `/api/provisioning/operations/${res.json.operationId}`)).json;
    expect(op.total).toBe(7);
  });

  it('assigns a profile by filter a chunk at a time: every matching device gets it and one apply-profile job', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await register(`CHNKP${String(i).padStart(2, '0')}`));
    const profile = await newProfile('Chunks');
    const sizes = spyChunks();
    const res = await http('POST', '/api/provisioning/assign-profile', {
      filter: { search: 'CHNKP' },
      profileId: profile.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ operationId: expect.any(String), results: [], created: 7, failed: 0 });
    // One device read to refuse an empty match first, then 7 devices 3 at a time.
    expect(sizes).toEqual([1, CHUNK, CHUNK, 1]);
    const jobs = await jobsOf(res.json.operationId);
    expect(jobs.map((j: Json) => j.deviceId).sort()).toEqual([...ids].sort());
    expect(jobs.every((j: Json) => j.type === 'apply-profile')).toBe(true);
    for (const id of ids)
      expect((await http('GET', `/api/devices/${id}`)).json.device.assignedProfileId).toBe(profile.id);
    const op = (await http('GET', `/api/provisioning/operations/${res.json.operationId}`)).json;
    expect(op).toMatchObject({ total: 7, filter: { search: 'CHNKP' } });
    expect(op.summary).toMatch(/^Assign profile "Kupac-Chunks" \(version 1\)$/);
  });

  it('reads a group a chunk at a time too, for a bulk call and for assigning a profile', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await register(`CHNKG${String(i).padStart(2, '0')}`));
    const group = await http('POST', '/api/groups', { name: 'Chunked', filter: { search: 'CHNKG' } });
    expect(group.status, group.text).toBe(201);
    const groupId = group.json.group.id;
    let sizes = spyChunks();
    const res = await http('POST', '/api/provisioning/bulk/reboot', { groupId });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ operationId: expect.any(String), results: [], created: 7, failed: 0 });
    expect(sizes).toEqual([CHUNK, CHUNK, 1]);
    expect((await jobsOf(res.json.operationId)).map((j: Json) => j.deviceId).sort()).toEqual([...ids].sort());
    const op = (await http('GET', `/api/provisioning/operations/${res.json.operationId}`)).json;
    expect(op).toMatchObject({ total: 7, summary: 'Reboot (group "Chunked")' });
    restore?.();

    const profile = await newProfile('Groups');
    sizes = spyChunks();
    const assigned = await http('POST', '/api/provisioning/assign-profile', {
      groupId,
      profileId: profile.id,
    });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.json).toMatchObject({ created: 7, failed: 0 });
    expect(sizes).toEqual([1, CHUNK, CHUNK, 1]);
    for (const id of ids)
      expect((await http('GET', `/api/devices/${id}`)).json.device.assignedProfileId).toBe(profile.id);
    const empty = await http('POST', '/api/groups', { name: 'Nobody', filter: { search: 'NO-SUCH-CHNK' } });
    const refused = await http('POST', '/api/provisioning/bulk/reboot', { groupId: empty.json.group.id });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^The group "Nobody" matches no device now/);
  });

  it('refuses a filter that matches nothing and writes no operation', async () => {
    const before = (await http('GET', '/api/provisioning/operations')).json.total;
    const res = await http('POST', '/api/provisioning/bulk/reboot', { filter: { search: 'NO-SUCH-CHNK' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/No device matches the search "NO-SUCH-CHNK"/);
    expect((await http('GET', '/api/provisioning/operations')).json.total).toBe(before);
  });
}
