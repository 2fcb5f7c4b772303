// The device list's search on SQLite and on PostgreSQL: served by the trigram index of migration 0007
// from three characters on, it answers exactly what the scan answers (same rows, order and total), which
// is a case-insensitive substring match over serial number, product class and OUI.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseConfig } from '../../config';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Dialect } from '../../db/database';
import { migrations } from '../../db/migrations/index';
import type { Database } from '../../db/schema';
import type { DeviceRow } from '../../db/tables/devices';
import { createTestDatabase, describeWithPostgres, postgresUrl } from '../../../test/postgres';
import { createDevicesRepository, type DevicesRepository } from './repository';

type Identity = [oui: string, productClass: string, serialNumber: string];

const FIXTURE: Identity[] = [
  ['00259E', 'EG8145V5', 'HWTC00004242'],
  ['00259E', 'EG8145X6', 'HWTC00014242'],
  ['1C61B4', 'Device2', 'hwtc99990001'],
  ['202BC1', 'BM632w', 'ABCdef-123'],
  ['00259E', 'EG8145V5', 'A%B_C\\D"E\'F*G'],
  ['00259E', 'Kovač ČEVAP', 'SN-ČEV-01'],
  ['00259E', 'Straße Äpfel', 'ÖL-ÜBER-ÄRA'],
  ['00259E', 'Emoji 😀 box', '😀😀SN😀'],
  ['00259E', 'NEAR(a b) AND c', 'col:umn ^caret -minus'],
  ['00259E', 'EG8145V5', 'DUP-0001'],
  ['1C61B4', 'Device2', 'DUP-0001'],
  ['00259E', 'x_y', 'x%y'],
  ['00259E', 'a\\b', 'qu"ote'],
  ['00259E', "it's", 'star*'],
  ['AAAAAA', 'aaaa', 'aaaaa'],
  // KELVIN SIGN: FTS5 folds it to "k", SQLite's LIKE (ASCII-only case) does not.
  ['00259E', '\u212AELVIN', 'K-1'],
];

const TERMS = [
  // 1 and 2 characters: the scan.
  ...['h', 'H', '4', '%', '_', '\\', '"', "'", '*', 'č', '😀', 'k'],
  ...['hw', '42', 'a%', '_c', '\\d', '"e', "'f", 'x_', '%y', 'čE', '😀😀', 'Ke'],
  // 3 and more: the index.
  ...['hwt', 'HWTC', 'HwTc0000', 'hwtc00004242', '4242', 'tc9', 'eg8145', 'EG8145x6', '1c61', 'bm632W'],
  ...['abcdef', 'a%b', 'b_c', 'c\\d', 'd"e', "e'f", 'f*g', '%b_', '_c\\', 'x_y', 'x%y', 'a\\b', 'qu"o'],
  ...['"ote', "it's", 'ar*', 'near(a', '(a b)', 'and c', 'col:', '^car', '-mi', ' ^c', 'i 😀 b'],
  ...['čev', 'ČEV', 'kovač', 'KOVAČ', 'straße', 'STRASSE', 'äpfel', 'ÄPFEL', 'öl-', 'ÖL-üBER'],
  ...['😀sn', '😀😀sn😀', 'sn😀', '😀 b', 'box', 'kel', 'KELVIN', '\u212Ael', 'dup', 'dup-0001'],
  ...['aaa', 'aaaa', 'aaaaaa', 'zzz', 'hwtc00004242x', 'x'.repeat(128)],
];

type Fold = (text: string) => string;

/**
 * How today's SQL folds case: SQLite's LIKE, ASCII letters only; PostgreSQL's ILIKE compares the lower()
 * of both sides, which follows the database's LC_CTYPE (asked of it, for the fixture and the terms).
 */
async function caseFold(dialect: Dialect, db: Kysely<Database>): Promise<Fold> {
  if (dialect === 'sqlite') return (text) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const texts = [...FIXTURE.flat(), ...TERMS.map((t) => t.toLowerCase())];
  const { rows } = await sql<{ text: string; lower: string }>`
    select t as text, lower(t) as lower from unnest(${texts}::text[]) as t`.execute(db);
  const lower = new Map(rows.map((r) => [r.text, r.lower]));
  return (text) => lower.get(text)!;
}

/** Today's match, in JavaScript: the term is lower-cased, then found in a column, case folded. */
function matcher(fold: Fold, term: string): (d: DeviceRow) => boolean {
  const needle = fold(term.toLowerCase());
  return (d) => [d.serial_number, d.product_class, d.oui].some((v) => fold(v).includes(needle));
}

const ids = (rows: DeviceRow[]) => rows.map((r) => r.id);

async function insertDevice(repo: DevicesRepository, [oui, productClass, serialNumber]: Identity) {
  const now = new Date().toISOString();
  const { row } = await repo.insert({
    oui,
    product_class: productClass,
    serial_number: serialNumber,
    last_inform_at: now,
    created_at: now,
    updated_at: now,
  });
  return row;
}

/** A second connection that records every statement the repository runs. */
function recordingDb(dialect: Dialect, config: DatabaseConfig) {
  const statements: CompiledQuery[] = [];
  const log = (e: { level: string; query: CompiledQuery }) => {
    if (e.level === 'query') statements.push(e.query);
  };
  if (config.kind === 'sqlite') {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(config.path) }),
      log,
    });
    return { db, statements, repo: createDevicesRepository(db, dialect) };
  }
  // One connection, so that a SET applies to the statements that follow. Dropping the database ends
  // it, perhaps while idle: that error is expected (openDatabase listens for the same reason).
  const pool = new pg.Pool({ connectionString: config.url, max: 1 });
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return { db, statements, repo: createDevicesRepository(db, dialect) };
}

function searchSuite(
  dialect: Dialect,
  setup: () => Promise<{ config: DatabaseConfig; teardown: () => Promise<void> }>,
) {
  let handle: DatabaseHandle;
  let config: DatabaseConfig;
  let teardown: () => Promise<void>;
  let repo: DevicesRepository;
  let fold: Fold;
  /** Every device, in the list's order (serial number, id) as the database sorts them. */
  const all = async () => (await repo.list({ limit: 1000, offset: 0 })).rows;
  const search = (term: string, limit = 1000, offset = 0) => repo.list({ search: term, limit, offset });

  beforeAll(async () => {
    const s = await setup();
    config = s.config;
    teardown = s.teardown;
    handle = openDatabase(config);
    await migrateToLatest(handle.db);
    repo = createDevicesRepository(handle.db, dialect);
    fold = await caseFold(dialect, handle.db);
    for (const identity of FIXTURE) await insertDevice(repo, identity);
  });
  afterAll(async () => {
    await handle?.destroy();
    await teardown?.();
  });

  it('answers every term of 1, 2, 3 and more characters as a substring filter in JavaScript does', async () => {
    const everything = await all();
    expect(everything).toHaveLength(FIXTURE.length);
    for (const term of TERMS) {
      const expected = everything.filter(matcher(fold, term));
      const { rows, total } = await search(term);
      expect({ term, ids: ids(rows), total }).toEqual({ term, ids: ids(expected), total: expected.length });
      // A page inside the result: the order is the scan's.
      const page = await search(term, 2, 1);
      expect({ term, ids: ids(page.rows), total: page.total }).toEqual({
        term,
        ids: ids(expected.slice(1, 3)),
        total: expected.length,
      });
    }
    // The fixture exercises both outcomes, and a match found only by case.
    expect((await search('HwTc000')).total).toBe(2);
    expect((await search('kovač')).total).toBe(1);
  });

  it('orders devices of one serial number by id', async () => {
    const { rows } = await search('dup-0001');
    expect(rows.map((r) => r.serial_number)).toEqual(['DUP-0001', 'DUP-0001']);
    expect(rows[0]!.id < rows[1]!.id).toBe(true);
  });

  it('combines the search with the status and assignment filters', async () => {
    const [first] = (await search('hwtc000')).rows;
    await repo.update(first!.id, { status: 'error' });
    const { rows, total } = await repo.list({ search: 'hwtc000', status: 'error', limit: 10, offset: 0 });
    expect({ ids: ids(rows), total }).toEqual({ ids: [first!.id], total: 1 });
    expect((await repo.list({ search: 'hwtc000', assigned: false, limit: 10, offset: 0 })).total).toBe(2);
    await repo.update(first!.id, { status: 'offline' });
  });

  it('does not fail on unpaired surrogates', async () => {
    for (const term of ['\ud800ab', 'ab\udfff', '\udc00\ud800x']) {
      await expect(search(term)).resolves.toMatchObject({ total: expect.any(Number) });
    }
  });

  it('follows a serial number or product class change, and forgets a deleted device', async () => {
    const device = await insertDevice(repo, ['00259E', 'Moving', 'MOVE-0001']);
    expect(ids((await search('move-0001')).rows)).toEqual([device.id]);
    await repo.update(device.id, { serial_number: 'GONE-7777' });
    expect((await search('move-0001')).total).toBe(0);
    expect(ids((await search('gone-7777')).rows)).toEqual([device.id]);
    await repo.update(device.id, { product_class: 'Parked' });
    expect((await search('moving')).total).toBe(0);
    expect(ids((await search('parked')).rows)).toEqual([device.id]);
    expect(await repo.remove(device.id)).toBe(true);
    expect((await search('gone-7777')).total).toBe(0);
    expect((await search('parked')).total).toBe(0);
    // A device created again with the same identity is found again.
    const again = await insertDevice(repo, ['00259E', 'Parked', 'GONE-7777']);
    expect(ids((await search('gone-7777')).rows)).toEqual([again.id]);
    await repo.remove(again.id);
  });

  it('indexes the devices that existed before migration 0007', async () => {
    const s = await setup();
    const h = openDatabase(s.config);
    try {
      const migrator = new Migrator({ db: h.db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0006-device-list-indexes');
      expect(before.error).toBeUndefined();
      const r = createDevicesRepository(h.db, dialect);
      await insertDevice(r, ['00259E', 'EG8145V5', 'OLD-00004242']);
      expect(await migrateToLatest(h.db)).toContain('0007-device-search-index');
      expect((await r.list({ search: 'old-0000', limit: 10, offset: 0 })).total).toBe(1);
      expect((await r.list({ search: '4242', limit: 10, offset: 0 })).total).toBe(1);
    } finally {
      await h.destroy();
      await s.teardown();
    }
  });

  if (dialect === 'sqlite') {
    describe('SQLite plan', () => {
      let rec: ReturnType<typeof recordingDb>;
      beforeAll(() => {
        rec = recordingDb('sqlite', config);
      });
      afterAll(async () => rec?.db.destroy());

      /** The EXPLAIN QUERY PLAN details of every statement a search ran. */
      async function plansOf(term: string, repository = rec.repo): Promise<string[][]> {
        rec.statements.length = 0;
        await repository.list({ search: term, limit: 100, offset: 0 });
        const plans: string[][] = [];
        for (const s of [...rec.statements]) {
          const { rows } = await rec.db.executeQuery<{ detail: string }>({
            ...s,
            sql: `explain query plan ${s.sql}`,
          });
          plans.push(rows.map((r) => r.detail));
        }
        return plans;
      }
      const scansDevices = (plan: string[]) => plan.some((d) => /^SCAN devices( |$)/.test(d));

      it('serves a search of 3 or more characters from the FTS5 table, never scanning devices', async () => {
        for (const term of ['hwtc0000', '4242', 'čev', 'qu"o']) {
          const plans = await plansOf(term);
          expect(
            plans.some((p) => p.some((d) => /^SCAN devices_search VIRTUAL TABLE INDEX \d+:M/.test(d))),
          ).toBe(true);
          expect(plans.filter(scansDevices)).toEqual([]);
          // Page and count read candidates by rowid.
          expect(
            plans.filter((p) => p.some((d) => d.startsWith('SEARCH devices USING INTEGER PRIMARY KEY'))),
          ).toHaveLength(2);
        }
      });

      it('scans for a term holding a NUL, which FTS5 cannot read', async () => {
        for (const term of ['ab\0cd', '\0', 'hwtc\0']) {
          const plans = await plansOf(term);
          expect(plans.flat().some((d) => d.includes('devices_search'))).toBe(false);
        }
      });

      it('scans for a term of 1 or 2 characters', async () => {
        for (const term of ['h', 'hw', '😀😀']) {
          const plans = await plansOf(term);
          expect(plans.flat().some((d) => d.includes('devices_search'))).toBe(false);
          expect(plans.every(scansDevices)).toBe(true);
        }
      });

      it('scans, with the same results, when the index names more candidates than allowed', async () => {
        const capped = createDevicesRepository(rec.db, 'sqlite', { searchIndexMaxCandidates: 1 });
        const plans = await plansOf('dup-0001', capped);
        expect(plans.filter(scansDevices)).toHaveLength(2);
        for (const term of ['dup-0001', 'hwtc', 'eg8145']) {
          expect(await capped.list({ search: term, limit: 100, offset: 0 })).toEqual(await search(term, 100));
        }
      });

      it('leaves the index alone when an Inform updates the other columns', async () => {
        const [device] = (await search('hwtc00004242')).rows;
        const changes = async () =>
          (await sql<{ n: number }>`select total_changes() as n`.execute(rec.db)).rows[0]!.n;
        const before = await changes();
        await rec.repo.update(device!.id, {
          // As it was: a status that changes moves the status counts too (migration 0028).
          status: device!.status,
          last_inform_at: new Date().toISOString(),
          last_events: '["2 PERIODIC"]',
          software_version: 'V2',
          external_ip: '192.0.2.1',
          updated_at: new Date().toISOString(),
        });
        // One row changed: the device's, none of the index's shadow tables.
        expect((await changes()) - before).toBe(1);
      });

      it('keeps the index consistent with devices', async () => {
        await expect(
          sql`insert into devices_search(devices_search, rank) values ('integrity-check', 1)`.execute(rec.db),
        ).resolves.toBeDefined();
      });
    });
  }
}

describe('device search on SQLite', () => {
  searchSuite('sqlite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'provisor-search-'));
    return {
      config: { kind: 'sqlite', path: join(dir, 'test.db') },
      teardown: async () => rmSync(dir, { recursive: true, force: true }),
    };
  });
});

describeWithPostgres('device search on PostgreSQL', () => {
  if (!postgresUrl) return;
  searchSuite('postgres', async () => {
    const db = await createTestDatabase();
    return { config: { kind: 'postgres', url: db.url }, teardown: db.drop };
  });
});

describeWithPostgres('device search on PostgreSQL without pg_trgm', () => {
  if (!postgresUrl) return;
  const role = `provisor_nocreate_${process.pid}_${Date.now()}`;
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const warnings: unknown[][] = [];
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    // A role that may create tables but not extensions (no CREATE on the database): pg_trgm fails.
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    await owner.query(`create role ${role} login password 'nocreate'`);
    await owner.query(`grant create on schema public to ${role}`);
    await owner.end();
    const url = new URL(db.url);
    url.username = role;
    url.password = 'nocreate';
    const spy = vi.spyOn(process, 'emitWarning').mockImplementation((...args: unknown[]) => {
      warnings.push(args);
    });
    try {
      handle = openDatabase({ kind: 'postgres', url: url.toString() });
      await migrateToLatest(handle.db);
    } finally {
      spy.mockRestore();
    }
  });
  afterAll(async () => {
    await handle?.destroy();
    await drop?.();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  it('migrates with a warning and searches by scanning, with the same results', async () => {
    const ours = warnings.filter(
      ([, o]) => (o as { code?: string })?.code === 'PROVISOR_DEVICE_SEARCH_UNINDEXED',
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]![0]).toMatch(/device search index was not created.*CREATE EXTENSION pg_trgm/s);
    const { rows: indexes } = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where tablename = 'devices' and indexname like '%trgm'`.execute(
      handle.db,
    );
    expect(indexes).toEqual([]);
    const repo = createDevicesRepository(handle.db, 'postgres');
    for (const identity of FIXTURE) await insertDevice(repo, identity);
    const everything = (await repo.list({ limit: 1000, offset: 0 })).rows;
    const fold = await caseFold('postgres', handle.db);
    for (const term of TERMS) {
      const expected = everything.filter(matcher(fold, term));
      const { rows, total } = await repo.list({ search: term, limit: 1000, offset: 0 });
      expect({ term, ids: ids(rows), total }).toEqual({ term, ids: ids(expected), total: expected.length });
    }
  });
});

describeWithPostgres('device search plan on PostgreSQL', () => {
  if (!postgresUrl) return;

  /** Runs `fn` on a new database, dropped afterwards. */
  async function onNewDatabase(fn: (handle: DatabaseHandle, url: string) => Promise<void>) {
    const target = await createTestDatabase();
    const handle = openDatabase({ kind: 'postgres', url: target.url });
    try {
      await fn(handle, target.url);
    } finally {
      await handle.destroy();
      await target.drop();
    }
  }

  it('never answers an equality lookup from a trigram index, even before the first VACUUM', async () => {
    // A GIN index's cost estimate rests on statistics only VACUUM writes. Before it, PostgreSQL found
    // an Inform's device (serial_number = any(...)) through the trigram index: 50-100 ms instead of
    // 0.1 ms (bench/session-throughput). The trigram indexes follow lower(column) (migration 0010).
    await onNewDatabase(async (handle) => {
      await migrateToLatest(handle.db);
      await sql`insert into devices (id, oui, product_class, serial_number, last_events, created_at, updated_at)
        select md5(g::text), '50524F', 'BenchRouter', 'THR' || lpad(g::text, 6, '0'), '[]', '', ''
        from generate_series(1, 10000) g`.execute(handle.db);
      await sql`analyze devices`.execute(handle.db);
      await handle.db.connection().execute(async (c) => {
        await sql`set plan_cache_mode = force_generic_plan`.execute(c);
        await sql`prepare state_read (text, text, text, text, text) as
          select id from devices where serial_number in ($1, $2, $3, $4, $5)`.execute(c);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain execute state_read
          ('THR000001', 'THR000002', 'THR000003', 'THR000004', 'THR000005')`.execute(c);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/devices_serial_id|devices_identity/);
        expect(plan).not.toContain('_trgm');
      });
    });
  });

  it('rebuilds the trigram indexes of an existing database on lower(column) (migration 0010)', async () => {
    await onNewDatabase(async (handle) => {
      const definitions = async () =>
        (
          await sql<{ indexdef: string }>`select indexdef from pg_indexes
          where tablename = 'devices' and indexname like '%trgm' order by indexname`.execute(handle.db)
        ).rows.map((r) => r.indexdef.replace(/^.* USING gin /, ''));
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0009-inform-updates-unindexed')).error).toBeUndefined();
      expect(await definitions()).toEqual([
        '(oui gin_trgm_ops)',
        '(product_class gin_trgm_ops)',
        '(serial_number gin_trgm_ops)',
      ]);
      expect(await migrateToLatest(handle.db)).toContain('0010-device-search-lower');
      expect(await definitions()).toEqual([
        '(lower((oui)::text) gin_trgm_ops)',
        '(lower((product_class)::text) gin_trgm_ops)',
        '(lower((serial_number)::text) gin_trgm_ops)',
      ]);
    });
  });

  it('lets a search use the pg_trgm indexes', async () => {
    await onNewDatabase(async (handle, url) => {
      const rec = recordingDb('postgres', { kind: 'postgres', url });
      try {
        await migrateToLatest(handle.db);
        // Enough devices for the planner to weigh the trigram indexes against reading the table.
        await sql`insert into devices (id, oui, product_class, serial_number, last_events, created_at, updated_at)
        select md5(g::text), (array['00259E', '1C61B4', '202BC1'])[1 + g % 3],
          (array['EG8145V5', 'EG8145X6', 'Device2', 'BM632w'])[1 + g % 4],
          'HWTC' || lpad(g::text, 8, '0'), repeat('x', 200), '', ''
        from generate_series(1, 60000) g`.execute(handle.db);
        await sql`analyze devices`.execute(handle.db);
        await rec.repo.list({ search: '00004242', limit: 100, offset: 0 });
        const count = rec.statements.find((s) => /count\(\*\)/i.test(s.sql))!;
        // Only an index may serve: the plan then shows which one the repository's LIKE can use.
        await sql`set enable_seqscan = off`.execute(rec.db);
        const { rows } = await rec.db.executeQuery<{ 'QUERY PLAN': string }>({
          ...count,
          sql: `explain ${count.sql}`,
        });
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        for (const index of [
          'devices_serial_number_trgm',
          'devices_product_class_trgm',
          'devices_oui_trgm',
        ]) {
          expect(plan).toContain(`Bitmap Index Scan on ${index}`);
        }
      } finally {
        await rec.db.destroy();
      }
    });
  });
});
