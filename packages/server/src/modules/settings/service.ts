// Settings are read from the database once at start-up and kept in memory, so the CWMP hot path
// never waits on the database for them; a save updates both and tells listeners at once. Processes
// sharing the database hear of a save (modules/cluster relays settings_changed) and read them again.
import { isCwmpPath } from '@provisor/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { parseNetwork } from '../../net/addresses';
import { SECTIONS, type ServerSettings } from './defaults';

export type SettingsPatch = { [S in keyof ServerSettings]?: Partial<ServerSettings[S]> };

const RESERVED_PATHS = /^\/(api|ws|files|assets)(\/|$)/;

export async function createSettingsService(db: Kysely<Database>, defaults: ServerSettings) {
  /** The settings as stored, over the defaults. */
  async function read(): Promise<ServerSettings> {
    const rows = await db.selectFrom('settings').selectAll().execute();
    const stored = structuredClone(defaults);
    for (const row of rows) {
      const section = row.section as keyof ServerSettings;
      if (SECTIONS.includes(section)) Object.assign(stored[section], JSON.parse(row.value));
    }
    // The database section describes what this process actually runs on.
    stored.database.type = defaults.database.type;
    return stored;
  }
  const current = await read();
  const listeners = new Set<(settings: ServerSettings) => void>();
  const saveListeners = new Set<() => void>();

  /** `next` in force: the object every caller holds is updated in place. */
  function apply(next: ServerSettings): void {
    for (const section of SECTIONS) Object.assign(current[section], next[section]);
    for (const listener of listeners) listener(current);
  }

  return {
    get(): ServerSettings {
      return current;
    },
    async update(patch: SettingsPatch): Promise<{ requiresRestart: boolean; settings: ServerSettings }> {
      const next = structuredClone(current);
      for (const section of SECTIONS) Object.assign(next[section], patch[section] ?? {});
      // Checked when a save sets it, so a path stored by an older version does not block other saves.
      const newPath = patch.cwmp?.path;
      if (newPath !== undefined && !isCwmpPath(newPath)) {
        throw new AppError(
          400,
          'Invalid CWMP path',
          `cwmp.path "${newPath}" must be "/" or parts like "/cwmp" or "/acs/tr069": no "//", no "." or ".." part and no "/" at the end.`,
        );
      }
      if (RESERVED_PATHS.test(next.cwmp.path)) {
        throw new AppError(
          400,
          'Invalid CWMP path',
          `cwmp.path "${next.cwmp.path}" is used by the console or the API; choose another, e.g. "/" or "/cwmp".`,
        );
      }
      const badNetwork = next.connectionRequest.allowedNetworks.find((n) => parseNetwork(n) === null);
      if (badNetwork !== undefined) {
        throw new AppError(
          400,
          'Invalid network',
          `connectionRequest.allowedNetworks: "${badNetwork}" is not a network; write networks as address/prefix, e.g. "10.0.0.0/8" or "2001:db8::/32".`,
        );
      }
      // On PostgreSQL the database is DATABASE_URL's: its type and path are not settings.
      if (
        current.database.type === 'postgres' &&
        patch.database?.path !== undefined &&
        patch.database.path !== current.database.path
      ) {
        throw new AppError(
          400,
          'Database settings are read-only on PostgreSQL',
          'database.path cannot be set: this server runs on PostgreSQL, and the database is chosen by DATABASE_URL at start-up.',
        );
      }
      if (patch.database?.type !== undefined && patch.database.type !== current.database.type) {
        throw new AppError(
          400,
          'Database type cannot be changed here',
          `database.type is "${current.database.type}"; the database is chosen by DATABASE_URL at start-up.`,
        );
      }
      // Exactly what is read once at start-up: the listening address and the database. The backup
      // fields are followed live (settings/backups.ts), everything else on the next request.
      const requiresRestart =
        next.server.port !== current.server.port ||
        next.server.host !== current.server.host ||
        next.database.type !== current.database.type ||
        next.database.path !== current.database.path;
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const section of SECTIONS) {
          if (patch[section] === undefined) continue;
          const value = JSON.stringify(next[section]);
          await trx
            .insertInto('settings')
            .values({ section, value, updated_at: now })
            .onConflict((oc) => oc.column('section').doUpdateSet({ value, updated_at: now }))
            .execute();
        }
      });
      apply(next);
      for (const listener of saveListeners) listener();
      return { requiresRestart, settings: current };
    },
    /** Reads the stored settings again (another process saved them) and puts them in force. */
    async reload(): Promise<void> {
      apply(await read());
    },
    /** Told whenever the settings change here, by a save or a reload. */
    onChange(listener: (settings: ServerSettings) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Told when this process saved the settings (not when it read another's save). */
    onSave(listener: () => void): () => void {
      saveListeners.add(listener);
      return () => saveListeners.delete(listener);
    },
  };
}

export type SettingsService = Awaited<ReturnType<typeof createSettingsService>>;
