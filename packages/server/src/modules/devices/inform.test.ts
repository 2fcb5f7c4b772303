// Recording Informs on SQLite and on PostgreSQL: the narrow read (one for the Informs that arrive
// together), the updates written together per write window, the parameter tree kept in its own table
// and touched only when the Inform's parameters changed, and the status, URL, interval and 0 BOOTSTRAP
// rules; no index on what an Inform writes; the offline sweep, its deadlines and its check against
// the row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseConfig } from '../../config';
import {
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
  type Dialect,
  type PreparedQuery,
} from '../../db/database';
import { createEventBus, type LiveMessage } from '../live/index';
import { createTestDatabase, describeWithPostgres, postgresUrl } from '../../../test/postgres';
import { sql } from 'kysely';
import { INFORM_COLUMNS, createInformStore, type InformStore } from './inform-store';
import { createDevicesRepository } from './repository';
import { createDevicesService, type DevicesService, type InformReport } from './service';
import { createJobsRepository, createJobsService, type JobsService } from '../jobs/index';
import { admission, type CpePrincipal } from '../cwmp/index';

const ROOT = 'InternetGatewayDevice';

function report(serial: string, o: Partial<InformReport> & { values?: Record<string, string> } = {}) {
  const values = o.values ?? {
    [`${ROOT}.DeviceInfo.SoftwareVersion`]: 'V1',
    [`${ROOT}.ManagementServer.ConnectionRequestURL`]: `http://10.0.0.1:7547/${serial}`,
    [`${ROOT}.ManagementServer.PeriodicInformInterval`]: '300',
  };
  return {
    identity: { oui: '00259E', productClass: 'EG8145V5', serialNumber: serial },
    manufacturer: 'Huawei',
    events: o.events ?? ['2 PERIODIC'],
    parameters: Object.entries(values).map(([name, value]) => ({
      name,
      value,
      type: name.endsWith('Interval') ? 'unsignedInt' : 'string',
    })),
    remoteAddress: o.remoteAddress ?? '192.0.2.10',
  };
}

function informSuite(
  dialect: Dialect,
  setup: () => Promise<{ config: DatabaseConfig; teardown: () => Promise<void> }>,
) {
  let handle: DatabaseHandle;
  let teardown: () => Promise<void>;
  let store: InformStore;
  let devices: DevicesService;
  let jobs: JobsService;
  const events: LiveMessage[] = [];
  let stateReads = 0;
  let treeReads = 0;
  let treeWrites = 0;
  let updates = 0;
  let jobReads = 0;
  /** Statements that write periodic Informs with their state read (SQLite), or read and write (PostgreSQL). */
  let touches = 0;
  /** Run once, after the next state read and before the Inform that asked for it goes on. */
  let afterStateRead: (() => Promise<unknown>) | null = null;
  /** The texts of the state reads and the updates, as sent. */
  const readTexts = new Set<string>();
  const updateTexts = new Set<string>();
  const row = async (serial: string) =>
    (await handle.db
      .selectFrom('devices')
      .selectAll()
      .where('serial_number', '=', serial)
      .executeTakeFirstOrThrow())!;

  const OPTIONS = { defaultInformInterval: 300, offlineGraceSeconds: 60 };
  /** A moment just past the offline deadline of a device informing every `interval` seconds from `from`. */
  const pastDeadline = (interval: number, from = Date.now()) => from + (2 * interval + 60 + 1) * 1000;
  const newService = () =>
    createDevicesService(createDevicesRepository(handle.db, dialect), store, createEventBus(), OPTIONS);

  beforeAll(async () => {
    const s = await setup();
    teardown = s.teardown;
    handle = openDatabase(s.config);
    await migrateToLatest(handle.db);
    const bus = createEventBus();
    bus.subscribe((m) => events.push(m));
    // The real statements, counted by kind.
    // Each statement counted by its text; a state read runs afterStateRead (if set) before it answers.
    const count: Watcher = (text, run) => {
      if (text.startsWith('with q (serial') || text.startsWith('select d.id, d.oui')) {
        stateReads += 1;
        readTexts.add(text);
        const hook = afterStateRead;
        afterStateRead = null;
        if (hook) return run().then(async (rows) => (await hook(), rows));
      } else if (text.startsWith('with t (serial') || text.startsWith('with q (touch')) touches += 1;
      else if (text.startsWith('select parameters from device_parameters')) treeReads += 1;
      else if (text.startsWith('insert into device_parameters')) treeWrites += 1;
      else if (text.startsWith('with v (id,')) {
        updates += 1;
        updateTexts.add(text);
      } else if (text.startsWith('select d.id, d.serial_number')) jobReads += 1;
      return run();
    };
    const counted = watching(handle.prepared, count);
    store = createInformStore(handle.db, counted, dialect);
    devices = createDevicesService(createDevicesRepository(handle.db, dialect), store, bus, OPTIONS);
    jobs = createJobsService(createJobsRepository(handle.db), devices, bus, {
      defaultTtlSeconds: 60,
      waits: { bootSeconds: 600, transferSeconds: 3600 },
      processId: 'inform-test',
    });
  });
  afterAll(async () => {
    await handle?.destroy();
    await teardown?.();
  });

  describe('a periodic Inform written by its state read', () => {
    /** An Inform as the session engine records it: with the credentials it came with, admitted by them. */
    const informWith = (serial: string, principal: CpePrincipal, o: Parameters<typeof report>[1] = {}) =>
      devices.recordInform(
        {
          ...report(serial, o),
          principalDevice: principal.kind === 'device' ? principal.deviceId : null,
        },
        (existing) => admission(principal, existing) === 'ok',
      );
    const open: CpePrincipal = { kind: 'open' };
    const counts = () => ({ touches, stateReads, treeReads, treeWrites, updates });
    const since = (before: ReturnType<typeof counts>) => {
      const now = counts();
      return {
        touches: now.touches - before.touches,
        stateReads: now.stateReads - before.stateReads,
        treeReads: now.treeReads - before.treeReads,
        treeWrites: now.treeWrites - before.treeWrites,
        updates: now.updates - before.updates,
      };
    };
    const setRow = (serial: string, values: Record<string, string | number>) =>
      handle.db.updateTable('devices').set(values).where('serial_number', '=', serial).execute();

    it('writes an unchanged periodic Inform in one statement, and every column the whole way writes', async () => {
      const { device } = (await informWith('TOUCH-1', open, { events: ['0 BOOTSTRAP', '1 BOOT'] }))!;
      const first = await row('TOUCH-1');
      await new Promise((r) => setTimeout(r, 5));
      const before = counts();
      const recorded = await informWith('TOUCH-1', open, { remoteAddress: '198.51.100.7' });
      expect(since(before)).toEqual({ touches: 1, stateReads: 0, treeReads: 0, treeWrites: 0, updates: 0 });
      expect(recorded).toMatchObject({
        created: false,
        device: { id: device.id, status: 'online', jobsWaiting: false, connectionRequestCredentials: false },
      });
      const r = await row('TOUCH-1');
      expect(r).toMatchObject({
        status: 'online',
        last_events: JSON.stringify(['2 PERIODIC']),
        remote_address: '198.51.100.7',
        external_ip: '198.51.100.7',
        connection_request_url: 'http://10.0.0.1:7547/TOUCH-1',
        periodic_inform_interval: 300,
        software_version: 'V1',
        inform_digest: first.inform_digest,
      });
      expect(r.last_inform_at! > first.last_inform_at!).toBe(true);
      expect(r.updated_at).toBe(r.last_inform_at);
    });

    it('keeps the URL and interval an Inform does not report', async () => {
      await informWith('TOUCH-2', open, {
        values: { [`${ROOT}.DeviceInfo.SoftwareVersion`]: 'V1' },
        events: ['0 BOOTSTRAP'],
      });
      await setRow('TOUCH-2', {
        connection_request_url: 'http://10.9.9.9:7547/',
        periodic_inform_interval: 900,
      });
      const before = counts();
      await informWith('TOUCH-2', open, { values: { [`${ROOT}.DeviceInfo.SoftwareVersion`]: 'V1' } });
      expect(since(before).touches).toBe(1);
      expect(since(before).updates).toBe(0);
      expect(await row('TOUCH-2')).toMatchObject({
        connection_request_url: 'http://10.9.9.9:7547/',
        periodic_inform_interval: 900,
      });
    });

    it('writes nothing for credentials that may not speak for the device', async () => {
      const { device } = (await informWith('TOUCH-3', open, { events: ['0 BOOTSTRAP'] }))!;
      await setRow('TOUCH-3', { cwmp_username: 'own-user' });
      const before = await row('TOUCH-3');
      // No credentials, the global ones, another device's: refused, the row as it was.
      expect(await informWith('TOUCH-3', open, { remoteAddress: '203.0.113.1' })).toBeNull();
      expect(
        await informWith('TOUCH-3', { kind: 'global', username: 'acs' }, { remoteAddress: '203.0.113.2' }),
      ).toBeNull();
      const other: CpePrincipal = {
        kind: 'device',
        username: 'x',
        deviceId: '00000000-0000-4000-8000-000000000000',
      };
      expect(await informWith('TOUCH-3', other, { remoteAddress: '203.0.113.3' })).toBeNull();
      expect(await row('TOUCH-3')).toEqual(before);
      // Its own credentials: written, in one statement.
      const counted = counts();
      const own: CpePrincipal = { kind: 'device', username: 'own-user', deviceId: device.id };
      expect(await informWith('TOUCH-3', own, { remoteAddress: '203.0.113.4' })).not.toBeNull();
      expect(since(counted)).toMatchObject({ touches: 1, updates: 0 });
      expect((await row('TOUCH-3')).remote_address).toBe('203.0.113.4');
    });

    it('goes the whole way for an offline device, which comes back online and says so', async () => {
      await informWith('TOUCH-4', open, { events: ['0 BOOTSTRAP'] });
      await setRow('TOUCH-4', { status: 'offline' });
      events.length = 0;
      const before = counts();
      const recorded = await informWith('TOUCH-4', open);
      expect(since(before)).toMatchObject({
        touches: 1,
        stateReads: dialect === 'sqlite' ? 1 : 0,
        updates: 1,
      });
      expect(recorded?.device.status).toBe('online');
      expect((await row('TOUCH-4')).status).toBe('online');
      expect(events.filter((m) => m.type === 'device_status_update')).toHaveLength(1);
    });

    it('goes the whole way, merging its parameters, after a job wrote the tree', async () => {
      const { device } = (await informWith('TOUCH-5', open, { events: ['0 BOOTSTRAP'] }))!;
      const tree = await devices.parametersOf(device.id);
      await store.writeJobStep(
        device.id,
        JSON.stringify({ ...tree, [`${ROOT}.DeviceInfo.SoftwareVersion`]: { value: 'JOB', type: 'string' } }),
        { updated_at: new Date().toISOString() },
      );
      const before = counts();
      await informWith('TOUCH-5', open);
      expect(since(before)).toMatchObject({ touches: 1, updates: 1 });
      expect((await devices.parametersOf(device.id))[`${ROOT}.DeviceInfo.SoftwareVersion`]?.value).toBe('V1');
      // And the next one, its digest stored again, in one statement.
      const next = counts();
      await informWith('TOUCH-5', open);
      expect(since(next)).toMatchObject({ touches: 1, updates: 0 });
    });

    it('writes only the device of its identity, not another with the same serial number', async () => {
      await informWith('TOUCH-6', open, { events: ['0 BOOTSTRAP'] });
      const other = {
        ...report('TOUCH-6', { events: ['0 BOOTSTRAP'] }),
        identity: { oui: 'A1B2C3', productClass: 'Other', serialNumber: 'TOUCH-6' },
      };
      await devices.recordInform(other);
      const rows = () =>
        handle.db
          .selectFrom('devices')
          .selectAll()
          .where('serial_number', '=', 'TOUCH-6')
          .orderBy('oui')
          .execute();
      // By OUI: this Inform's device (00259E), then the other.
      const [h1, a1] = await rows();
      await informWith('TOUCH-6', open, { remoteAddress: '198.51.100.66' });
      const [h2, a2] = await rows();
      expect(a2).toEqual(a1);
      expect(h2!.remote_address).toBe('198.51.100.66');
      expect(h2!.last_inform_at! > h1!.last_inform_at!).toBe(true);
    });

    it('keeps an interval the row cannot hold, and fails no other Inform of its batch for it', async () => {
      await informWith('TOUCH-8', open, { events: ['0 BOOTSTRAP'] });
      await informWith('TOUCH-9', open, { events: ['0 BOOTSTRAP'] });
      const huge = {
        [`${ROOT}.DeviceInfo.SoftwareVersion`]: 'V1',
        [`${ROOT}.ManagementServer.ConnectionRequestURL`]: 'http://10.0.0.1:7547/TOUCH-8',
        [`${ROOT}.ManagementServer.PeriodicInformInterval`]: '3000000000',
      };
      const [a, b] = await Promise.all([
        informWith('TOUCH-8', open, { values: huge, remoteAddress: '198.51.100.81' }),
        informWith('TOUCH-9', open, { remoteAddress: '198.51.100.91' }),
      ]);
      expect(a?.device.status).toBe('online');
      expect(b?.device.status).toBe('online');
      expect(await row('TOUCH-8')).toMatchObject({
        periodic_inform_interval: 300,
        remote_address: '198.51.100.81',
      });
      expect((await row('TOUCH-9')).remote_address).toBe('198.51.100.91');
    });

    it('records two Informs of one device that arrive together, the later one last', async () => {
      await informWith('TOUCH-7', open, { events: ['0 BOOTSTRAP'] });
      const [a, b] = await Promise.all([
        informWith('TOUCH-7', open, { remoteAddress: '198.51.100.71' }),
        informWith('TOUCH-7', open, { remoteAddress: '198.51.100.72' }),
      ]);
      expect(a?.device.id).toBe(b?.device.id);
      expect((await row('TOUCH-7')).remote_address).toBe('198.51.100.72');
    });
  });

  it('creates a device on its first Inform, with its parameter tree', async () => {
    const { device, created } = await devices.recordInform(report('NEW-1'));
    expect(created).toBe(true);
    expect(device).toMatchObject({ serialNumber: 'NEW-1', status: 'online', jobsWaiting: false });
    expect(await row('NEW-1')).toMatchObject({
      software_version: 'V1',
      connection_request_url: 'http://10.0.0.1:7547/NEW-1',
      periodic_inform_interval: 300,
      external_ip: '192.0.2.10',
    });
    expect(await devices.parametersOf(device.id)).toEqual({
      [`${ROOT}.DeviceInfo.SoftwareVersion`]: { value: 'V1', type: 'string' },
      [`${ROOT}.ManagementServer.ConnectionRequestURL`]: {
        value: 'http://10.0.0.1:7547/NEW-1',
        type: 'string',
      },
      [`${ROOT}.ManagementServer.PeriodicInformInterval`]: { value: '300', type: 'unsignedInt' },
    });
  });

  it('writes concurrent Informs of many devices, each with its own values, whatever their shape', async () => {
    const serials = Array.from({ length: 40 }, (_, i) => `MANY-${i}`);
    for (const s of serials) await devices.recordInform(report(s));
    const before = { stateReads, treeReads, treeWrites, updates };
    // Half report a URL and an interval, half do not: two statement shapes in one window.
    await Promise.all(
      serials.map((s, i) =>
        devices.recordInform(
          report(s, {
            events: ['4 VALUE CHANGE', `${i} PERIODIC`],
            remoteAddress: `198.51.100.${i}`,
            values:
              i % 2 === 0
                ? {
                    [`${ROOT}.DeviceInfo.SoftwareVersion`]: `V${i}`,
                    [`${ROOT}.ManagementServer.ConnectionRequestURL`]: `http://10.1.0.${i}:7547/`,
                    [`${ROOT}.ManagementServer.PeriodicInformInterval`]: String(600 + i),
                  }
                : { [`${ROOT}.DeviceInfo.SoftwareVersion`]: `V${i}` },
          }),
        ),
      ),
    );
    const counted = {
      stateReads: stateReads - before.stateReads,
      treeReads: treeReads - before.treeReads,
      treeWrites: treeWrites - before.treeWrites,
      updates: updates - before.updates,
    };
    for (const [i, s] of serials.entries()) {
      const r = await row(s);
      expect(r).toMatchObject({
        software_version: `V${i}`,
        last_events: JSON.stringify(['4 VALUE CHANGE', `${i} PERIODIC`]),
        external_ip: `198.51.100.${i}`,
        // A URL or interval the Inform did not report keeps the one known before.
        connection_request_url: i % 2 === 0 ? `http://10.1.0.${i}:7547/` : `http://10.0.0.1:7547/${s}`,
        periodic_inform_interval: i % 2 === 0 ? 600 + i : 300,
      });
      expect((await devices.parametersOf(r.id))[`${ROOT}.DeviceInfo.SoftwareVersion`]?.value).toBe(`V${i}`);
    }
    // Informs that arrive together share the state read: one statement for all 40, which brings the
    // trees their changed values merge into. Their updates share a statement per shape, with the
    // trees in it on PostgreSQL and in one more before it on SQLite.
    expect(counted).toEqual({
      stateReads: 1,
      treeReads: 0,
      treeWrites: dialect === 'sqlite' ? 2 : 0,
      updates: 2,
    });
  });

  it('reads and writes a batch of any size with one statement text on PostgreSQL, a text a size on SQLite', async () => {
    // PostgreSQL plans each text anew for its first runs on each connection; SQLite prepares each
    // once and keeps it (inform-store.ts rowsOf).
    const sizes = [1, 3, 7];
    const serials = sizes.map((n) => Array.from({ length: n }, (_, i) => `SIZES-${n}-${i}`));
    for (const s of serials.flat()) await devices.recordInform(report(s));
    readTexts.clear();
    updateTexts.clear();
    for (const batch of serials)
      await Promise.all(batch.map((s) => devices.recordInform(report(s, { remoteAddress: '203.0.113.9' }))));
    for (const s of serials.flat()) expect((await row(s)).remote_address).toBe('203.0.113.9');
    const expected = dialect === 'postgres' ? 1 : sizes.length;
    expect({ reads: readTexts.size, updates: updateTexts.size }).toEqual({
      reads: expected,
      updates: expected,
    });
  });

  it('reads the tree apart for a periodic Inform that changed it, and with the state for any other', async () => {
    await devices.recordInform(report('APART-1'));
    const count = async (events: string[], version: string) => {
      const before = { stateReads, treeReads };
      const values = { [`${ROOT}.DeviceInfo.SoftwareVersion`]: version };
      await devices.recordInform(report('APART-1', { events, values }));
      return { stateReads: stateReads - before.stateReads, treeReads: treeReads - before.treeReads };
    };
    expect(await count(['2 PERIODIC'], 'V2')).toEqual({ stateReads: 1, treeReads: 1 });
    expect(await count(['2 PERIODIC'], 'V2')).toEqual({ stateReads: 1, treeReads: 0 });
    expect(await count(['6 CONNECTION REQUEST'], 'V3')).toEqual({ stateReads: 1, treeReads: 0 });
    expect(await count(['4 VALUE CHANGE'], 'V4')).toEqual({ stateReads: 1, treeReads: 0 });
    const id = (await row('APART-1')).id;
    expect((await devices.parametersOf(id))[`${ROOT}.DeviceInfo.SoftwareVersion`]?.value).toBe('V4');
  });

  it('turns an offline device online and says so once; an online one stays quiet', async () => {
    const { device } = await devices.recordInform(report('OFF-1'));
    await handle.db.updateTable('devices').set({ status: 'offline' }).where('id', '=', device.id).execute();
    events.length = 0;
    const back = await devices.recordInform(report('OFF-1'));
    expect(back.device.status).toBe('online');
    expect((await row('OFF-1')).status).toBe('online');
    expect(events.filter((e) => e.type === 'device_status_update')).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ serialNumber: 'OFF-1', status: 'online' }),
      }),
    ]);
    events.length = 0;
    await devices.recordInform(report('OFF-1'));
    expect(events.filter((e) => e.type === 'device_status_update')).toEqual([]);
  });

  it('says whether jobs wait for the device', async () => {
    const { device } = await devices.recordInform(report('JOBS-1'));
    // The jobs change through the jobs service, which tells the devices service (devices/status.ts).
    const [job] = await jobs.create([(await devices.findById(device.id))!], 'reboot', {});
    expect((await devices.recordInform(report('JOBS-1'))).device.jobsWaiting).toBe(true);
    await jobs.complete(job!.id);
    expect((await devices.recordInform(report('JOBS-1'))).device.jobsWaiting).toBe(false);
  });

  it("reads the Inform's device without the jobs table: jobs written around the jobs service go unseen", async () => {
    const statements: string[] = [];
    const watched = createInformStore(
      handle.db,
      watching(handle.prepared, (text, run) => {
        statements.push(text);
        return run();
      }),
      dialect,
    );
    const service = createDevicesService(
      createDevicesRepository(handle.db, dialect),
      watched,
      createEventBus(),
      OPTIONS,
    );
    const { device } = await service.recordInform(report('NOJOBS-1'));
    const now = new Date().toISOString();
    await handle.db
      .insertInto('jobs')
      .values({
        id: `job-${dialect}-around`,
        device_id: device.id,
        type: 'reboot',
        status: 'running',
        params: '{}',
        created_at: now,
        updated_at: now,
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    statements.length = 0;
    const again = await service.recordInform(report('NOJOBS-1'));
    expect(again.device).toMatchObject({ status: 'online', jobsWaiting: false });
    // The periodic Inform's two statements (read, update: no credentials told, so no touch), and neither
    // names the jobs table.
    expect(statements).toHaveLength(2);
    for (const text of statements) expect(text).not.toMatch(/\bjobs\b/);
  });

  /** The statuses the devices service said for a device, in order (device_status_update). */
  const statusesTold = (serial: string) =>
    events
      .filter((e): e is LiveMessage<'device_status_update'> => e.type === 'device_status_update')
      .filter((e) => e.payload.serialNumber === serial)
      .map((e) => e.payload.status);

  it('decides the status from presence and what the jobs module tells, and says when it changes', async () => {
    const { device } = await devices.recordInform(report('TOLD-1'));
    const statusOf = async () => (await row('TOLD-1')).status;
    const told = () => statusesTold('TOLD-1');
    events.length = 0;
    await devices.recordJobFacts(device.id, { waiting: true, running: true });
    expect(await statusOf()).toBe('provisioning');
    expect((await devices.recordInform(report('TOLD-1'))).device).toMatchObject({
      status: 'provisioning',
      jobsWaiting: true,
    });
    await devices.recordJobFacts(device.id, { waiting: false, running: false, lastFailed: true });
    expect(await statusOf()).toBe('error');
    // Told again what it knows: nothing is written, nothing said.
    const updatedAt = (await row('TOLD-1')).updated_at;
    await devices.recordJobFacts(device.id, { running: false, lastFailed: true });
    expect((await row('TOLD-1')).updated_at).toBe(updatedAt);
    expect(told()).toEqual(['provisioning', 'error']);
    // Absent wins over every job fact; back, the device shows what its jobs say.
    await handle.db.updateTable('devices').set({ status: 'offline' }).where('id', '=', device.id).execute();
    await devices.recordJobFacts(device.id, { running: true });
    expect(await statusOf()).toBe('offline');
    await devices.recordJobFacts(device.id, { running: false });
    expect((await devices.recordInform(report('TOLD-1'))).device.status).toBe('error');
    expect(await statusOf()).toBe('error');
    expect(told()).toEqual(['provisioning', 'error', 'error']);
  });

  it('says nothing when the status stays, even in the same millisecond as its last change', async () => {
    const { device } = await devices.recordInform(report('SAMEMS-1'));
    const told = () => statusesTold('SAMEMS-1');
    events.length = 0;
    // Every write in one millisecond, as on a fast machine: each row's updated_at is the same time.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await devices.recordJobFacts(device.id, { running: false, lastFailed: true });
      await devices.recordJobFacts(device.id, { waiting: true });
      await handle.db.updateTable('devices').set({ status: 'offline' }).where('id', '=', device.id).execute();
      await devices.recordJobFacts(device.id, { running: true });
    } finally {
      vi.useRealTimers();
    }
    expect(told()).toEqual(['error']);
  });

  it('merges a parameter again after a job wrote it, even when the Inform reports what it did before', async () => {
    const name = `${ROOT}.DeviceInfo.SoftwareVersion`;
    const { device } = await devices.recordInform(report('TREE-1'));
    await devices.recordInform(report('TREE-1'));
    // A job learnt another value; the router then reports its own again (the same Inform as before).
    await devices.storeParameters(device.id, [{ name, value: 'FROM-JOB', type: 'string' }]);
    expect((await devices.parametersOf(device.id))[name]?.value).toBe('FROM-JOB');
    await devices.recordInform(report('TREE-1'));
    expect((await devices.parametersOf(device.id))[name]?.value).toBe('V1');
  });

  it("writes a job's step into the tree as read when no Inform came since, else into the tree read again", async () => {
    const ssid = `${ROOT}.LANDevice.1.WLANConfiguration.1.SSID`;
    const version = `${ROOT}.DeviceInfo.SoftwareVersion`;
    const { device } = await devices.recordInform(report('KEPT-1'));
    // Read as a job's RPC went out (jobs/engine.ts keeps it for the answer); nothing came since.
    const read = (await devices.forJob(device.id))!;
    const reads = jobReads;
    await devices.storeParameters(device.id, [{ name: ssid, value: 'first', type: 'string' }], {}, read);
    expect(jobReads).toBe(reads);
    expect((await devices.parametersOf(device.id))[ssid]?.value).toBe('first');
    expect(read.tree[ssid]?.value).toBe('first');
    // An Inform with a new value lands while the next RPC is out: the step's write keeps it.
    await devices.recordInform(report('KEPT-1', { events: ['4 VALUE CHANGE'], values: { [version]: 'V2' } }));
    expect(read.tree[version]?.value).toBe('V1');
    await devices.storeParameters(device.id, [{ name: ssid, value: 'second', type: 'string' }], {}, read);
    expect(jobReads).toBe(reads + 1);
    const tree = await devices.parametersOf(device.id);
    expect([tree[version]?.value, tree[ssid]?.value]).toEqual(['V2', 'second']);
    expect((await row('KEPT-1')).software_version).toBe('V2');
    // The caller's device is the one read again, for the job's next step.
    expect([read.tree[version]?.value, read.tree[ssid]?.value]).toEqual(['V2', 'second']);
  });

  describe("an Inform's write of the tree after another write landed since its read", () => {
    const ssid = `${ROOT}.LANDevice.1.WLANConfiguration.1.SSID`;
    const version = `${ROOT}.DeviceInfo.SoftwareVersion`;
    const hardware = `${ROOT}.DeviceInfo.HardwareVersion`;
    const change = (serial: string, values: Record<string, string>) =>
      report(serial, { events: ['4 VALUE CHANGE'], values });
    const job = (id: string, value = 'job') =>
      devices.storeParameters(id, [{ name: ssid, value, type: 'string' }]);

    it("keeps a job's write: the Inform reads the tree again and merges into it", async () => {
      const { device } = await devices.recordInform(report('TREE-RACE-1'));
      // The Inform reads the tree with the state; a job's step writes the SSID before the Inform writes.
      afterStateRead = () => job(device.id);
      const reads = stateReads;
      await devices.recordInform(change('TREE-RACE-1', { [version]: 'V2' }));
      expect(afterStateRead).toBeNull();
      // Its write was refused, and it read the tree again and merged into that.
      expect(stateReads).toBe(reads + 2);
      const tree = await devices.parametersOf(device.id);
      expect([tree[version]?.value, tree[ssid]?.value]).toEqual(['V2', 'job']);
      expect((await row('TREE-RACE-1')).software_version).toBe('V2');
      // The next Inform, the same, has nothing to merge: the tree holds it.
      await devices.recordInform(change('TREE-RACE-1', { [version]: 'V2' }));
      expect((await devices.parametersOf(device.id))[ssid]?.value).toBe('job');
    });

    it("keeps another session's Inform", async () => {
      const { device } = await devices.recordInform(report('TREE-RACE-2'));
      afterStateRead = () => devices.recordInform(change('TREE-RACE-2', { [hardware]: 'HW2' }));
      await devices.recordInform(change('TREE-RACE-2', { [version]: 'V3' }));
      const tree = await devices.parametersOf(device.id);
      expect([tree[version]?.value, tree[hardware]?.value]).toEqual(['V3', 'HW2']);
    });

    it("keeps a job's write that an Inform of the digest read came after (the digest back, not the write)", async () => {
      const { device } = await devices.recordInform(report('TREE-RACE-3'));
      // A job writes, then an Inform like the first one brings the row's digest back to what was read.
      afterStateRead = async () => {
        await job(device.id);
        await devices.recordInform(report('TREE-RACE-3'));
      };
      await devices.recordInform(change('TREE-RACE-3', { [version]: 'V4' }));
      const tree = await devices.parametersOf(device.id);
      expect([tree[version]?.value, tree[ssid]?.value]).toEqual(['V4', 'job']);
    });

    it('writes the others of its batch at once, and only the refused one again', async () => {
      const ids: string[] = [];
      for (const s of ['TREE-BATCH-1', 'TREE-BATCH-2', 'TREE-BATCH-3'])
        ids.push((await devices.recordInform(report(s))).device.id);
      afterStateRead = () => job(ids[1]!);
      const reads = stateReads;
      await Promise.all(
        ['TREE-BATCH-1', 'TREE-BATCH-2', 'TREE-BATCH-3'].map((s) =>
          devices.recordInform(change(s, { [version]: s })),
        ),
      );
      // One read for the three, one again for the refused one.
      expect(stateReads).toBe(reads + 2);
      const trees = await Promise.all(ids.map((id) => devices.parametersOf(id)));
      expect(trees.map((t) => t[version]?.value)).toEqual(['TREE-BATCH-1', 'TREE-BATCH-2', 'TREE-BATCH-3']);
      expect(trees.map((t) => t[ssid]?.value)).toEqual([undefined, 'job', undefined]);
    });

    it('gives up the guard after a few tries when writes keep coming, and writes', async () => {
      const { device } = await devices.recordInform(report('TREE-RACE-4'));
      let writes = 0;
      const again = (): Promise<unknown> => {
        writes += 1;
        afterStateRead = again;
        return job(device.id, `job-${writes}`);
      };
      afterStateRead = again;
      await devices.recordInform(change('TREE-RACE-4', { [version]: 'V5' }));
      afterStateRead = null;
      // A write after each of its reads: refused three times, then written over the last job's write.
      expect(writes).toBe(4);
      const tree = await devices.parametersOf(device.id);
      expect([tree[version]?.value, tree[ssid]?.value]).toEqual(['V5', 'job-3']);
    });

    // PostgreSQL only: on SQLite one connection runs every statement, so no write waits for a lock.
    if (dialect === 'postgres')
      it("waits for a job's write that holds the row, then finds the row changed (PostgreSQL)", async () => {
        const { device } = await devices.recordInform(report('TREE-LOCK-1'));
        let informed: Promise<unknown> | undefined;
        const reads = stateReads;
        await handle.db.transaction().execute(async (trx) => {
          // As a job's write does: the row first (its lock held to the commit), then the tree.
          await sql`update devices set inform_digest = 'job held' where id = ${device.id}`.execute(trx);
          await sql`update device_parameters set parameters = ${JSON.stringify({
            [ssid]: { value: 'held', type: 'string' },
          })} where device_id = ${device.id}`.execute(trx);
          informed = devices.recordInform(change('TREE-LOCK-1', { [version]: 'V6' }));
          // Its read sees the row as committed before; its write waits for this transaction.
          while (stateReads === reads) await new Promise((r) => setTimeout(r, 5));
          await new Promise((r) => setTimeout(r, 50));
        });
        await informed;
        expect(stateReads).toBe(reads + 2);
        const tree = await devices.parametersOf(device.id);
        expect([tree[version]?.value, tree[ssid]?.value]).toEqual(['V6', 'held']);
      });
  });

  it('starts the tree over and forgets connection-request credentials on 0 BOOTSTRAP', async () => {
    const { device } = await devices.recordInform(report('BOOT-1'));
    await devices.storeParameters(device.id, [{ name: `${ROOT}.Extra.Value`, value: 'x', type: 'string' }]);
    await devices.update(device.id, {
      connectionRequestUsername: 'cr-user',
      connectionRequestPassword: 'cr-pass',
    });
    await devices.recordInform(report('BOOT-1', { events: ['0 BOOTSTRAP', '1 BOOT'] }));
    expect(await row('BOOT-1')).toMatchObject({
      connection_request_username: '',
      connection_request_password: '',
    });
    expect(Object.keys(await devices.parametersOf(device.id))).not.toContain(`${ROOT}.Extra.Value`);
  });

  it('fails only the Inform whose update cannot be written, not the others of its window', async () => {
    const ids = [];
    for (const s of ['BAD-1', 'BAD-2', 'BAD-3']) ids.push((await devices.recordInform(report(s))).device.id);
    const base = {
      software_version: 'V2',
      hardware_version: '',
      external_ip: '192.0.2.99',
      remote_address: '192.0.2.99',
      last_events: '[]',
      last_inform_at: new Date().toISOString(),
      inform_digest: '',
    };
    // Too long for PostgreSQL's varchar(64); a value SQLite cannot bind.
    const bad = dialect === 'postgres' ? 'x'.repeat(100) : ({} as unknown as string);
    const results = await Promise.allSettled([
      store.update(ids[0]!, { ...base, manufacturer: 'ok-1' }),
      store.update(ids[1]!, { ...base, manufacturer: bad }),
      store.update(ids[2]!, { ...base, manufacturer: 'ok-3' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await row('BAD-1')).manufacturer).toBe('ok-1');
    expect((await row('BAD-2')).manufacturer).toBe('Huawei');
    expect((await row('BAD-3')).manufacturer).toBe('ok-3');
  });

  it('leaves every column an Inform writes unindexed, so that PostgreSQL updates the row in place (HOT)', async () => {
    const rows =
      dialect === 'sqlite'
        ? await sql<{ column: string }>`select ii.name as "column"
            from pragma_index_list('devices') il, pragma_index_info(il.name) ii`.execute(handle.db)
        : await sql<{ column: string }>`select a.attname as "column"
            from pg_index x join pg_class t on t.oid = x.indrelid
            join pg_attribute a on a.attrelid = t.oid and a.attnum = any(x.indkey)
            where t.relname = 'devices'`.execute(handle.db);
    const indexed = rows.rows.map((r) => r.column);
    expect(indexed).toContain('serial_number');
    for (const column of [
      ...INFORM_COLUMNS,
      'updated_at',
      'connection_request_url',
      'periodic_inform_interval',
    ])
      expect(indexed).not.toContain(column);
    if (dialect === 'postgres') {
      // A HOT update needs room on the row's page.
      const { rows: options } = await sql<{
        reloptions: string[] | null;
      }>`select reloptions from pg_class where relname = 'devices'`.execute(handle.db);
      expect(options[0]!.reloptions).toContain('fillfactor=85');
    }
  });

  // The offline sweep. It turns every device of this suite offline: these tests come last.

  it('follows an interval a job wrote: a shorter one brings the offline deadline forward', async () => {
    const { device } = await devices.recordInform(report('IVL-1'));
    const name = `${ROOT}.ManagementServer.PeriodicInformInterval`;
    await devices.storeParameters(device.id, [{ name, value: '30', type: 'unsignedInt' }]);
    await devices.sweepOffline(pastDeadline(30));
    expect((await row('IVL-1')).status).toBe('offline');
  });

  it('checks a due device against its row: one that informed to another process since stays online', async () => {
    const { device } = await devices.recordInform(report('ELSEWHERE-1'));
    // Another process sharing the database answered its Inform ten minutes later.
    const later = new Date(Date.now() + 600_000).toISOString();
    await handle.db
      .updateTable('devices')
      .set({ last_inform_at: later })
      .where('id', '=', device.id)
      .execute();
    events.length = 0;
    await devices.sweepOffline(pastDeadline(300));
    expect((await row('ELSEWHERE-1')).status).toBe('online');
    // Watched again, until the deadline that Inform set.
    await devices.sweepOffline(pastDeadline(300, Date.parse(later)));
    expect((await row('ELSEWHERE-1')).status).toBe('offline');
    expect(
      events
        .filter((e): e is LiveMessage<'device_status_update'> => e.type === 'device_status_update')
        .filter((e) => e.payload.serialNumber === 'ELSEWHERE-1'),
    ).toEqual([expect.objectContaining({ payload: expect.objectContaining({ status: 'offline' }) })]);
  });

  it('leaves online a device that informs while the sweep looks at it', async () => {
    const { device } = await devices.recordInform(report('RACE-1'));
    const seen = (await row('RACE-1')).last_inform_at!;
    await new Promise((r) => setTimeout(r, 5));
    await devices.recordInform(report('RACE-1'));
    const repo = createDevicesRepository(handle.db, dialect);
    expect(await repo.markOffline(device.id, seen, new Date().toISOString())).toBe(false);
    expect((await row('RACE-1')).status).toBe('online');
    const current = (await row('RACE-1')).last_inform_at!;
    expect(await repo.markOffline(device.id, current, new Date().toISOString())).toBe(true);
    expect((await row('RACE-1')).status).toBe('offline');
  });

  it('watches at start the devices that informed before (to an earlier process)', async () => {
    await devices.recordInform(report('START-1'));
    const started = newService();
    // Nothing watched yet: the sweep alone would never turn it offline.
    expect(await started.sweepOffline(pastDeadline(300))).toBe(0);
    expect(await started.watchAll()).toBeGreaterThanOrEqual(1);
    expect(await started.sweepOffline(pastDeadline(300))).toBeGreaterThanOrEqual(1);
    expect((await row('START-1')).status).toBe('offline');
  });
}

/** Sees each statement's text before it runs (`run` runs it), of either kind of PreparedQuery call. */
type Watcher = <T>(text: string, run: () => Promise<T>) => Promise<T>;
function watching(prepared: PreparedQuery, watcher: Watcher): PreparedQuery {
  return Object.assign(
    <R>(text: string, params: readonly unknown[]) => watcher(text, () => prepared<R>(text, params)),
    {
      arrays: (text: string, params: readonly unknown[]) =>
        watcher(text, () => prepared.arrays(text, params)),
    },
  );
}

describe('recording Informs on SQLite', () => {
  informSuite('sqlite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'provisor-inform-'));
    return {
      config: { kind: 'sqlite', path: join(dir, 'test.db') },
      teardown: async () => rmSync(dir, { recursive: true, force: true }),
    };
  });
});

describeWithPostgres('recording Informs on PostgreSQL', () => {
  if (!postgresUrl) return;
  informSuite('postgres', async () => {
    const db = await createTestDatabase();
    return { config: { kind: 'postgres', url: db.url }, teardown: db.drop };
  });
});
