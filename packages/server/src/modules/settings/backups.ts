// Scheduled backups of the SQLite database (issue 18 point 4; settings database.backupEnabled,
// backupInterval in hours, maxBackups): SQLite's online backup (better-sqlite3 `backup`, in a worker
// thread: db/backup-worker.ts), which copies a consistent database while the server keeps writing,
// into `backups/` beside the database file; beyond maxBackups the oldest are deleted. The settings
// are read at each check, so a save takes effect without a restart. A copy is written under a
// .partial name and renamed once whole; one that fails, outlasts its time (db/backup-worker.ts,
// backupTimeoutMs) or is stopped with the server leaves no file, and one a crash left unfinished is
// never listed and is deleted at the next backup. PostgreSQL is backed up with its own tools
// (pg_dump): unavailable here.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BackupList } from '../../contract';
import type { SettingsService } from './service';

export interface BackupsDeps {
  /** The database's online backup; absent on PostgreSQL. */
  backup: ((destination: string, o?: { signal?: AbortSignal }) => Promise<void>) | undefined;
  /** The SQLite file ('' on PostgreSQL, ':memory:' for a database without one). */
  databasePath: string;
  settings: Pick<SettingsService, 'get'>;
  onError: (err: unknown) => void;
}

const NAME = /^provisor-(\d{8}T\d{6}\d{3}Z)\.db$/;
/**
 * A copy not finished, or the journal SQLite kept beside it: its process ended while copying
 * (db/backup-worker.ts renames a whole one).
 */
const PARTIAL = /^provisor-\d{8}T\d{9}Z\.db\.partial(-journal)?$/;
const CHECK_EVERY_MS = 60_000;

/** provisor-20261123T231800123Z.db: sortable, no characters a file system refuses. */
const nameAt = (at: number) => `provisor-${new Date(at).toISOString().replace(/[-:.]/g, '')}.db`;

/** When a backup was taken, from its name (a copied or touched file keeps it). */
function takenAt(name: string): number {
  const t = NAME.exec(name)![1]!;
  return Date.parse(
    `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13, 15)}.${t.slice(15, 18)}Z`,
  );
}

export function createBackups({ backup, databasePath, settings, onError }: BackupsDeps) {
  const available = backup !== undefined && databasePath !== '' && databasePath !== ':memory:';
  const directory = available ? join(dirname(databasePath), 'backups') : '';
  let running: Promise<string> | null = null;
  let stopping: AbortController | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function entries(): Promise<string[]> {
    return readdir(directory).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
  }

  async function names(): Promise<string[]> {
    // Newest first (the names sort by time).
    return (await entries())
      .filter((n) => NAME.test(n))
      .sort()
      .reverse();
  }

  async function list(): Promise<BackupList> {
    if (!available) return { available: false, directory: '', backups: [] };
    const backups = await Promise.all(
      (await names()).map(async (name) => {
        const s = await stat(join(directory, name));
        return { name, sizeBytes: s.size, createdAt: new Date(takenAt(name)).toISOString() };
      }),
    );
    return { available: true, directory, backups };
  }

  /** Takes a backup now and deletes the oldest beyond maxBackups; answers its file name. */
  function run(now = Date.now()): Promise<string> {
    if (!available || !backup)
      return Promise.reject(new Error('Backups run only on SQLite with a database file'));
    if (running) return running;
    const stop = new AbortController();
    stopping = stop;
    running = (async () => {
      await mkdir(directory, { recursive: true });
      const partials = (await entries()).filter((n) => PARTIAL.test(n));
      await Promise.all(partials.map((n) => rm(join(directory, n), { force: true })));
      const name = nameAt(now);
      await backup(join(directory, name), { signal: stop.signal });
      const excess = (await names()).slice(settings.get().database.maxBackups);
      await Promise.all(excess.map((n) => rm(join(directory, n), { force: true })));
      return name;
    })().finally(() => {
      running = null;
      stopping = null;
    });
    return running;
  }

  /** Takes a backup if they are enabled and the newest is at least backupInterval hours old. */
  async function tick(now = Date.now()): Promise<boolean> {
    const { backupEnabled, backupInterval } = settings.get().database;
    if (!available || !backupEnabled || running) return false;
    const [newest] = await names();
    if (newest !== undefined && now - takenAt(newest) < backupInterval * 3_600_000) return false;
    await run(now);
    return true;
  }

  return {
    available,
    list,
    run,
    tick,
    start(): void {
      if (!available || timer) return;
      timer = setInterval(() => void tick().catch(onError), CHECK_EVERY_MS);
      timer.unref();
    },
    /** Stops the schedule, and a backup running (it leaves no file). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      stopping?.abort(new Error('the server is stopping'));
      await running?.catch(() => undefined);
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
