// Issue 18 point 4: scheduled SQLite backups through the real server: SQLite's online backup into
// backups/ beside the database while routers keep informing, the schedule following the settings
// (backupEnabled, backupInterval, maxBackups) without a restart, the list GET /api/settings/backups.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeWithPostgres } from '../postgres';
import { startAcs, type Acs } from './rig';

const HOUR = 3_600_000;

describe('scheduled SQLite backups', () => {
  let acs: Acs;
  beforeAll(async () => {
    acs = await startAcs();
  });
  afterAll(async () => acs?.close());

  it('writes a valid SQLite database holding the devices, and lists it', async () => {
    const fleet = await acs.fleet({ count: 3, serialTemplate: 'BAK{i:03}' });
    await fleet.waitForSessions(3);
    const name = await acs.app.services.backups.run();
    const list = (await acs.api('GET', '/api/settings/backups')).json();
    const dbPath = acs.app.services.settings.get().database.path;
    expect(list.available).toBe(true);
    expect(list.directory).toBe(join(dirname(dbPath), 'backups'));
    expect(list.backups).toEqual([{ name, sizeBytes: expect.any(Number), createdAt: expect.any(String) }]);
    expect(Math.abs(Date.parse(list.backups[0].createdAt) - Date.now())).toBeLessThan(60_000);
    expect(list.backups[0].sizeBytes).toBeGreaterThan(0);
    const copy = new SQLite(join(list.directory, name), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const serials = copy.prepare('select serial_number from devices order by serial_number').pluck().all();
      expect(serials).toEqual(['BAK001', 'BAK002', 'BAK003']);
    } finally {
      copy.close();
    }
  });

  it('runs on the schedule the settings give, keeps at most maxBackups, and stops when disabled', async () => {
    const { backups } = acs.app.services;
    const save = (database: object) => acs.api('PUT', '/api/settings', { database });
    await save({ backupEnabled: true, backupInterval: 2, maxBackups: 2 });
    const now = Date.now();
    // The backup of the test before is recent: not due.
    expect(await backups.tick(now)).toBe(false);
    expect(await backups.tick(now + 2 * HOUR)).toBe(true);
    expect(await backups.tick(now + 2 * HOUR + 1000)).toBe(false);
    expect(await backups.tick(now + 5 * HOUR)).toBe(true);
    const list = (await acs.api('GET', '/api/settings/backups')).json();
    expect(list.backups).toHaveLength(2);
    // Newest first; the oldest (the first test's) was deleted.
    expect(list.backups.map((b: { name: string }) => b.name)).toEqual(
      [...list.backups.map((b: { name: string }) => b.name)].sort().reverse(),
    );
    await save({ backupEnabled: false });
    expect(await backups.tick(now + 100 * HOUR)).toBe(false);
    expect(existsSync(list.directory)).toBe(true);
  });

  it('never lists a copy left unfinished, and deletes it at the next backup', async () => {
    const { backups } = acs.app.services;
    const before = (await acs.api('GET', '/api/settings/backups')).json();
    // What a process that ended mid-copy leaves (db/backup-worker.ts writes to .partial, then renames).
    const partial = join(before.directory, 'provisor-20260101T000000000Z.db.partial');
    writeFileSync(partial, 'half a database');
    writeFileSync(`${partial}-journal`, 'its journal');
    expect((await acs.api('GET', '/api/settings/backups')).json().backups).toEqual(before.backups);
    // Newer than the previous test's (maxBackups is 2 there), so kept.
    const name = await backups.run(Date.now() + 10 * HOUR);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(`${partial}-journal`)).toBe(false);
    expect(readdirSync(before.directory).filter((n) => n.endsWith('.partial'))).toEqual([]);
    const names = (await acs.api('GET', '/api/settings/backups'))
      .json()
      .backups.map((b: { name: string }) => b.name);
    expect(names).toContain(name);
  });

  it('stops a backup running when the server stops, leaving no file', async () => {
    const { backups } = acs.app.services;
    const before = readdirSync((await acs.api('GET', '/api/settings/backups')).json().directory).sort();
    const running = backups.run(Date.parse('2030-01-01T00:00:00Z'));
    await backups.stop();
    await expect(running).rejects.toThrow('SQLite backup stopped: the server is stopping');
    const directory = (await acs.api('GET', '/api/settings/backups')).json().directory;
    expect(readdirSync(directory).sort()).toEqual(before);
  });
});

describeWithPostgres('backups on PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());
  it('are unavailable (PostgreSQL is backed up with its own tools)', async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const acs = await startAcs({ database: { kind: 'postgres', url: db.url } });
    try {
      expect((await acs.api('GET', '/api/settings/backups')).json()).toEqual({
        available: false,
        directory: '',
        backups: [],
      });
    } finally {
      await acs.close();
    }
  });
});
