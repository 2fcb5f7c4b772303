// A router's bootstrap looks up the profile that carries its serial number (jobs/assignment.ts): the
// statement the repository runs is served by index profiles_serial_match (migration 0017), never by a
// scan of every profile, on SQLite and on PostgreSQL. Plans are read, never timed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import type { Database } from '../../db/schema';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { createProfilesRepository } from './repository';

function recording(
  dialect: 'sqlite' | 'postgres',
  db: (log: (e: { level: string; query: CompiledQuery }) => void) => Kysely<Database>,
) {
  const statements: CompiledQuery[] = [];
  const k = db((e) => {
    if (e.level === 'query') statements.push(e.query);
  });
  return { db: k, statements, repo: createProfilesRepository(k, dialect) };
}

/** 2,000 profiles, most without a serial number, as after a CSV import of customers. */
async function seed(db: Kysely<Database>): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('templates')
    .values({
      id: 't',
      name: 'T',
      vendor: 'V',
      model: 'M',
      data_model: 'TR-181',
      version: '1',
      description: '',
      mapping: '[]',
      schema: '{}',
      created_at: at,
      updated_at: at,
    })
    .execute();
  const rows = Array.from({ length: 2000 }, (_, i) => ({
    id: `p${i}`,
    name: `Kupac-${i}`,
    template_id: 't',
    values: '{}',
    validation_status: 'valid' as const,
    validation_errors: '[]',
    rendered_params: '[]',
    version: 1,
    changelog: null,
    ssid: `GT_${i}`,
    surname: `S${i}`,
    serial_number: i % 4 === 0 ? `HWTC${String(i).padStart(8, '0')}` : '',
    created_at: at,
    updated_at: at,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('profiles')
      .values(rows.slice(i, i + 200))
      .execute();
}

describe('the serial lookup of a bootstrap on SQLite', () => {
  let dir: string;
  let rec: ReturnType<typeof recording>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'provisor-serial-'));
    rec = recording(
      'sqlite',
      (log) => new Kysely({ dialect: new SqliteDialect({ database: new SQLite(join(dir, 'p.db')) }), log }),
    );
    await migrateToLatest(rec.db);
    await seed(rec.db);
    await sql`analyze`.execute(rec.db);
  });
  afterAll(async () => {
    await rec?.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the profile by one statement on index profiles_serial_match', async () => {
    rec.statements.length = 0;
    const found = await rec.repo.findBySerial('HWTC00000400', 6);
    expect(found.map((p) => p.id)).toEqual(['p400']);
    expect(rec.statements).toHaveLength(1);
    const { rows } = await rec.db.executeQuery<{ detail: string }>({
      ...rec.statements[0]!,
      sql: `explain query plan ${rec.statements[0]!.sql}`,
    });
    const plan = rows.map((r) => r.detail);
    expect(
      plan.some((d) => d.startsWith('SEARCH profiles USING INDEX profiles_serial_match (serial_number=?)')),
    ).toBe(true);
    expect(plan.filter((d) => /^SCAN profiles\b/.test(d) || /TEMP B-TREE/.test(d))).toEqual([]);
  });
});

describeWithPostgres('the serial lookup of a bootstrap on PostgreSQL', () => {
  let rec: ReturnType<typeof recording>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    // One connection, so that the SET below applies to the EXPLAIN that follows.
    const pool = new pg.Pool({ connectionString: created.url, max: 1 });
    pool.on('error', () => undefined);
    rec = recording('postgres', (log) => new Kysely({ dialect: new PostgresDialect({ pool }), log }));
    await migrateToLatest(rec.db);
    await seed(rec.db);
    await sql`analyze profiles`.execute(rec.db);
  });
  afterAll(async () => {
    await rec?.db.destroy();
    await drop?.();
  });

  it('finds the profile by one statement that an index serves', async () => {
    rec.statements.length = 0;
    const found = await rec.repo.findBySerial('HWTC00000400', 6);
    expect(found.map((p) => p.id)).toEqual(['p400']);
    expect(rec.statements).toHaveLength(1);
    const { rows } = await rec.db.executeQuery<{ 'QUERY PLAN': string }>({
      ...rec.statements[0]!,
      sql: `explain ${rec.statements[0]!.sql}`,
    });
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan using profiles_serial_match on profiles/);
    expect(plan).not.toMatch(/Seq Scan on profiles/);
  });
});
