// Issue 16 points 2 and 3 (server): bulk calls by device filter, bulk operations as groups with their
// progress, throttled live updates, and a router's fault reaching the failed job. Simulated routers
// speak real CWMP; the API is called over real HTTP on 127.0.0.1. Run on SQLite
// (bulk-operations.test.ts) and PostgreSQL (bulk-operations.postgres.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/modules/live/index';
import { multipart } from '../multipart';
import type { Acs } from './rig';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SSID = 'Device.WiFi.SSID.1.SSID';
const INTERVAL = 'Device.ManagementServer.PeriodicInformInterval';

export function bulkOperationsSuite(start: () => Promise<Acs>): void {
  let acs: Acs;
  const live: LiveMessage[] = [];
  beforeAll(async () => {
    acs = await start();
    acs.app.services.bus.subscribe((m) => live.push(m));
  });
  afterAll(async () => acs?.close());

  /** The API over real HTTP, as the console calls it. */
  async function http(method: 'GET' | 'POST', path: string, body?: unknown) {
    const res = await fetch(new URL(path, acs.url), {
      method,
      headers: {
        authorization: `Bearer ${acs.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: Json;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json, text };
  }

  /** Devices known to the ACS but never informed (offline), with this serial prefix. */
  async function register(prefix: string, count: number) {
    for (let i = 1; i <= count; i++) {
      const res = await http('POST', '/api/devices/register', {
        serialNumber: `${prefix}${String(i).padStart(2, '0')}`,
        oui: '50524F',
        productClass: 'SimRouter',
        connectionRequestUrl: 'http://127.0.0.1:9/',
      });
      expect(res.status, res.text).toBe(201);
    }
  }

  const operation = async (id: string) => (await http('GET', `/api/provisioning/operations/${id}`)).json;
  const updatesOf = (id: string) =>
    live
      .filter((m) => m.type === 'bulk_operation_update')
      .map((m) => m.payload as Json)
      .filter((p) => p.id === id);

  it('a filter targets exactly what GET /api/devices counts for the same search and status', async () => {
    const fleet = await acs.fleet({ count: 5, serialTemplate: 'FLTA{i:02}', model: 'tr181' });
    await fleet.waitForSessions(5);
    await register('FLTA9', 3);
    for (const filter of [{ search: 'FLTA', status: 'online' }, { search: 'flta' }, { search: ' FLTA9 ' }]) {
      const query = new URLSearchParams(filter as Record<string, string>).toString();
      const listed = (await http('GET', `/api/devices?${query}&limit=1000`)).json;
      const res = await http('POST', '/api/provisioning/bulk/get-parameters', {
        filter,
        parameters: [SSID],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({
        operationId: expect.any(String),
        results: [],
        created: listed.total,
        failed: 0,
      });
      const jobs = (
        await http('GET', `/api/provisioning/jobs?operationId=${res.json.operationId}&limit=1000`)
      ).json;
      expect(jobs.total).toBe(listed.total);
      expect(jobs.jobs.map((j: Json) => j.deviceId).sort()).toEqual(
        listed.devices.map((d: Json) => d.id).sort(),
      );
      expect(jobs.jobs.every((j: Json) => j.operationId === res.json.operationId)).toBe(true);
      const op = await operation(res.json.operationId);
      expect(op).toMatchObject({
        type: 'get-parameters',
        createdBy: 'admin',
        summary: `Get 1 parameter: ${SSID}`,
        filter,
        total: listed.total,
      });
    }
    expect((await http('GET', '/api/devices?search=FLTA&status=online')).json.total).toBe(5);
  });

  it('sets two parameters on every router a filter matches: one operation whose progress reaches all of them, updated live at most once per change burst', async () => {
    const fleet = await acs.fleet({ count: 10, serialTemplate: 'FLTS{i:02}', model: 'tr181' });
    await fleet.waitForSessions(10);
    const res = await http('POST', '/api/provisioning/bulk/set-parameters', {
      filter: { search: 'FLTS', status: 'online' },
      parameters: [
        { name: SSID, value: 'Provisor-Fleet' },
        { name: INTERVAL, value: '900', type: 'xsd:unsignedInt' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ results: [], created: 10, failed: 0 });
    const id = res.json.operationId;
    const done = await acs.waitFor(
      'the operation to complete',
      async () => {
        const op = await operation(id);
        return op.completed === 10 ? op : undefined;
      },
      30_000,
    );
    expect(done).toMatchObject({
      id,
      type: 'set-parameters',
      summary: `Set 2 parameters: ${SSID}, ${INTERVAL}`,
      total: 10,
      pending: 0,
      running: 0,
      completed: 10,
      failed: 0,
      cancelled: 0,
    });
    for (const d of fleet.devices) {
      expect(d.getValue(SSID)).toBe('Provisor-Fleet');
      expect(d.getValue(INTERVAL)).toBe('900');
    }
    // The creation burst (ten job_updates at once) is one update holding all ten jobs; the last state
    // is always sent; and a burst of job changes gives fewer updates than changes.
    await acs.waitFor('the last update to show every job completed', async () =>
      updatesOf(id).some((u) => u.completed === 10),
    );
    const updates = updatesOf(id);
    expect(updates[0]).toMatchObject({ total: 10, pending: 10 });
    expect(updates.at(-1)).toMatchObject({ total: 10, completed: 10 });
    const jobChanges = live.filter(
      (m) => m.type === 'job_update' && (m.payload as Json).operationId === id,
    ).length;
    expect(jobChanges).toBeGreaterThanOrEqual(30);
    expect(updates.length).toBeLessThan(jobChanges);
    // Newest first in the list, with the same counts.
    const list = (await http('GET', '/api/provisioning/operations?limit=1')).json;
    expect(list).toMatchObject({ total: expect.any(Number), limit: 1, offset: 0 });
    expect(list.operations[0]).toEqual(done);
  });

  it('answers 400 saying what to fix for both, neither, an empty list, an unknown field and a filter matching nothing, and writes nothing', async () => {
    await register('BADSEL', 1);
    const before = (await http('GET', '/api/provisioning/operations')).json.total;
    const jobsBefore = (await http('GET', '/api/provisioning/jobs?limit=1')).json.total;
    const id = (await http('GET', '/api/devices?search=BADSEL')).json.devices[0].id;
    const cases: [string, object, RegExp][] = [
      [
        'both',
        { deviceIds: [id], filter: { search: 'BADSEL' } },
        /^Give either deviceIds or filter, not both$/,
      ],
      ['neither', {}, /^Choose the devices: give deviceIds \(at least one id\) or a filter$/],
      [
        'empty list',
        { deviceIds: [] },
        /^Choose the devices: give deviceIds \(at least one id\) or a filter$/,
      ],
      ['unknown field', { deviceIds: [id], devices: [id] }, /"devices"/],
      ['unknown filter field', { filter: { serial: 'BADSEL' } }, /"serial"/],
      [
        'no match',
        { filter: { search: 'NO-SUCH-ROUTER', status: 'online' } },
        /No device matches the search "NO-SUCH-ROUTER" with status "online"/,
      ],
      [
        'no match by status',
        { filter: { search: 'BADSEL', status: 'error' } },
        /No device matches the search "BADSEL" with status "error"/,
      ],
    ];
    for (const [name, selection, message] of cases) {
      for (const [path, extra] of [
        ['reboot', {}],
        ['set-parameters', { parameters: [{ name: SSID, value: 'x' }] }],
        ['get-parameters', { parameters: [SSID] }],
        ['firmware-upgrade', { firmwareUrl: 'http://127.0.0.1:9/fw.bin', version: '2.0' }],
        ['export-parameters', { format: 'csv' }],
      ] as const) {
        const res = await http('POST', `/api/provisioning/bulk/${path}`, { ...selection, ...extra });
        expect(res.status, `${name} ${path}: ${res.text}`).toBe(400);
        expect(res.json.message, `${name} ${path}`).toMatch(message);
        expect(res.json.error).toEqual(expect.any(String));
      }
      const assign = await http('POST', '/api/provisioning/assign-profile', {
        ...selection,
        profileId: 'no-such-profile',
      });
      expect(assign.status, `${name} assign-profile: ${assign.text}`).toBe(400);
      expect(assign.json.message, `${name} assign-profile`).toMatch(message);
    }
    expect((await http('GET', '/api/provisioning/operations')).json.total).toBe(before);
    expect((await http('GET', '/api/provisioning/jobs?limit=1')).json.total).toBe(jobsBefore);
  });

  it('by deviceIds answers one result per id and groups the jobs; the single-device route makes no group', async () => {
    await register('IDSEL', 2);
    const ids = (await http('GET', '/api/devices?search=IDSEL')).json.devices.map((d: Json) => d.id);
    const res = await http('POST', '/api/provisioning/bulk/reboot', {
      deviceIds: [...ids, 'missing', ids[0]],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ operationId: expect.any(String), created: 2, failed: 1 });
    expect(res.json.results).toHaveLength(3);
    expect(res.json.results[2]).toEqual({ deviceId: 'missing', success: false, error: 'Device not found' });
    expect(await operation(res.json.operationId)).toMatchObject({ total: 2, pending: 2, filter: null });
    const single = await http('POST', `/api/devices/${ids[0]}/reboot`);
    expect(single.json.job.operationId).toBeNull();
    expect((await http('GET', '/api/provisioning/operations/nope')).status).toBe(404);
  });

  it('a retried job of a group moves the group back to pending, and mark failed and complete move it too, each announced live', async () => {
    await register('RETRY', 2);
    const res = await http('POST', '/api/provisioning/bulk/reboot', { filter: { search: 'RETRY' } });
    expect(res.status, res.text).toBe(200);
    const id = res.json.operationId;
    const [a, b] = (await http('GET', `/api/provisioning/jobs?operationId=${id}`)).json.jobs;
    const latest = async (check: (u: Json) => boolean) =>
      acs.waitFor('a bulk_operation_update', async () => {
        const u = updatesOf(id).at(-1);
        return u && check(u) ? u : undefined;
      });
    expect(
      (await http('POST', `/api/provisioning/jobs/${a.id}/fail`, { error: 'Router sent back' })).status,
    ).toBe(200);
    expect(await latest((u) => u.failed === 1)).toMatchObject({ total: 2, pending: 1, failed: 1 });
    const retried = await http('POST', `/api/provisioning/jobs/${a.id}/retry`);
    expect(retried.json.job).toMatchObject({ status: 'pending', operationId: id, error: null });
    expect(await latest((u) => u.failed === 0)).toMatchObject({ total: 2, pending: 2, failed: 0 });
    expect(await operation(id)).toMatchObject({ pending: 2, failed: 0 });
    await http('POST', `/api/provisioning/jobs/${b.id}/complete`);
    expect(await latest((u) => u.completed === 1)).toMatchObject({ pending: 1, completed: 1 });
  });

  it('a router that refuses the download fails its job with the CWMP fault code and text; the others upgrade', async () => {
    const fleet = await acs.fleet({ count: 3, serialTemplate: 'FWREF{i:02}', model: 'tr181' });
    await fleet.waitForSessions(3);
    fleet.device('FWREF03')!.faults.downloadFault = 9010;
    const body = multipart(
      { kind: 'firmware' },
      { field: 'file', name: 'fw-4.0.bin', content: 'PROVISOR-FIRMWARE 4.0.0-sim\n' },
    );
    const up = await fetch(new URL('/api/files', acs.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${acs.token}`, ...body.headers },
      body: body.payload,
    });
    expect(up.status).toBe(201);
    const fileId = ((await up.json()) as Json).file.id;
    const res = await http('POST', '/api/provisioning/bulk/firmware-upgrade', {
      filter: { search: 'FWREF' },
      fileId,
      version: '4.0.0-sim',
    });
    expect(res.status, res.text).toBe(200);
    const id = res.json.operationId;
    await acs.waitFor(
      'every job to finish',
      async () => {
        const op = await operation(id);
        return op.completed + op.failed === 3;
      },
      30_000,
    );
    const all = (await http('GET', `/api/provisioning/jobs?operationId=${id}`)).json.jobs;
    expect(await operation(id), JSON.stringify(all.map((j: Json) => [j.status, j.error]))).toMatchObject({
      summary: 'Firmware upgrade to version 4.0.0-sim',
      completed: 2,
      failed: 1,
    });
    const failed = (await http('GET', `/api/provisioning/jobs?operationId=${id}&status=failed`)).json.jobs;
    expect(failed).toHaveLength(1);
    const refusing = await acs.deviceBySerial('FWREF03');
    expect(failed[0]).toMatchObject({ deviceId: refusing.id, faultCode: 9010 });
    expect(failed[0].error).toMatch(/9010/);
    expect(failed[0].error).toMatch(/Download refused by the device/);
    expect(fleet.device('FWREF01')!.getValue('Device.DeviceInfo.SoftwareVersion')).toBe('4.0.0-sim');
  });

  it('exports by filter exactly the matching devices', async () => {
    await register('EXPF', 3);
    const res = await http('POST', '/api/provisioning/bulk/export-parameters', {
      filter: { search: 'EXPF' },
      format: 'json',
    });
    expect(res.status, res.text).toBe(200);
    const exported = JSON.stringify(res.json);
    for (const serial of ['EXPF01', 'EXPF02', 'EXPF03']) expect(exported).toContain(serial);
  });

  it('refuses an export whose filter matches more than 10,000 devices, saying to narrow it', async () => {
    // 10,001 devices as a first Inform leaves them, written straight into the database (setup only).
    const now = new Date().toISOString();
    const rows = Array.from({ length: 10_001 }, (_, i) => ({
      id: randomUUID(),
      oui: '50524F',
      product_class: 'SimRouter',
      serial_number: `EXPBIG${String(i).padStart(5, '0')}`,
      last_inform_at: null,
      assigned_profile_id: null,
      created_at: now,
      updated_at: now,
    }));
    const { db } = acs.app.services.database;
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('devices')
        .values(rows.slice(i, i + 500))
        .execute();
    expect((await http('GET', '/api/devices?search=EXPBIG&limit=1')).json.total).toBe(10_001);
    const res = await http('POST', '/api/provisioning/bulk/export-parameters', {
      filter: { search: 'EXPBIG' },
      format: 'csv',
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({
      error: 'Too many devices to export',
      message:
        'The filter matches 10,001 devices; one export takes at most 10,000. Narrow the search or status.',
    });
  });
}
