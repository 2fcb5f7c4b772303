import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { NewProfileVersionRow, ProfileVersionRow } from '../../db/tables/profile-versions';
import type { NewProfileRow, ProfileRow, ProfileUpdate, ValidationStatus } from '../../db/tables/profiles';

/** A profile the CSV import would create, with its first version. */
export interface ImportCandidate {
  profile: NewProfileRow;
  version: NewProfileVersionRow;
}

/** Why a candidate was not created: another profile has its SSID or its serial number. */
export interface ImportConflict {
  kind: 'ssid' | 'serial';
  profileName: string;
}

const CHUNK = 500;

export interface ProfileListQuery {
  search?: string;
  templateId?: string;
  validationStatus?: ValidationStatus;
  limit: number;
  offset: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createProfilesRepository(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  function filtered(q: Omit<ProfileListQuery, 'limit' | 'offset'>) {
    let query = db.selectFrom('profiles');
    if (q.templateId) query = query.where('template_id', '=', q.templateId);
    if (q.validationStatus) query = query.where('validation_status', '=', q.validationStatus);
    if (q.search) {
      const pattern = `%${escapeLike(q.search.toLowerCase())}%`;
      const like = (column: 'name' | 'ssid' | 'surname' | 'serial_number') =>
        dialect === 'postgres'
          ? sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`
          : sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
      // spec §2 Profiles: "Search by name, SSID, surname, or serial number...".
      query = query.where((eb) =>
        eb.or([like('name'), like('ssid'), like('surname'), like('serial_number')]),
      );
    }
    return query;
  }

  return {
    async list(q: ProfileListQuery): Promise<{ rows: ProfileRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(q)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        filtered(q)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    findById(id: string): Promise<ProfileRow | undefined> {
      return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /**
     * The profiles that carry this serial number (spec §3 Profile values device_serial_number,
     * serialNumber), oldest first, at most `limit`: one lookup on index profiles_serial_match.
     */
    findBySerial(serialNumber: string, limit: number): Promise<ProfileRow[]> {
      return db
        .selectFrom('profiles')
        .selectAll()
        .where('serial_number', '=', serialNumber)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    findByTemplate(templateId: string): Promise<ProfileRow[]> {
      return db
        .selectFrom('profiles')
        .selectAll()
        .where('template_id', '=', templateId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
    async countByTemplate(templateId: string): Promise<number> {
      const r = await db
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('template_id', '=', templateId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** A new profile and its first version, together. */
    async insert(row: NewProfileRow, version: NewProfileVersionRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('profiles').values(row).execute();
        await trx.insertInto('profile_versions').values(version).execute();
      });
    },
    /** Updates the profile and its current version's record (no new version). */
    async updateCurrent(id: string, patch: ProfileUpdate, version: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('profiles').set(patch).where('id', '=', id).execute();
        const v: Record<string, unknown> = {};
        if (patch.name !== undefined) v.name = patch.name;
        if (patch.values !== undefined) v.values = patch.values;
        if (patch.validation_status !== undefined) v.validation_status = patch.validation_status;
        if (patch.rendered_params !== undefined) v.rendered_params = patch.rendered_params;
        if (Object.keys(v).length > 0) {
          await trx
            .updateTable('profile_versions')
            .set(v)
            .where('profile_id', '=', id)
            .where('version', '=', version)
            .execute();
        }
      });
    },
    /** Adds a version; fails (unique key) if another writer took that number first. */
    async addVersion(id: string, patch: ProfileUpdate, version: NewProfileVersionRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('profile_versions').values(version).execute();
        await trx.updateTable('profiles').set(patch).where('id', '=', id).execute();
      });
    },
    async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
      const names = new Map<string, string>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db
          .selectFrom('profiles')
          .select(['id', 'name'])
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .execute();
        for (const r of rows) names.set(r.id, r.name);
      }
      return names;
    },
    /**
     * Creates the candidates whose SSID (without case) and serial number no stored profile has, in one
     * transaction, CHUNK rows per statement; answers the others' conflicts by candidate index. On
     * PostgreSQL imports take turns (a transaction-scoped advisory lock), so that two at once cannot
     * both pass the check for one customer; SQLite runs one write transaction at a time anyway.
     */
    async insertNewCustomers(candidates: readonly ImportCandidate[]): Promise<Map<number, ImportConflict>> {
      const conflicts = new Map<number, ImportConflict>();
      if (candidates.length === 0) return conflicts;
      await db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(hashtext('provisor:profiles:csv-import'))`.execute(trx);
        }
        const bySsid = new Map<string, string>();
        const bySerial = new Map<string, string>();
        const ssids = [...new Set(candidates.map((c) => String(c.profile.ssid).toLowerCase()))];
        const serials = [...new Set(candidates.map((c) => String(c.profile.serial_number ?? '')))].filter(
          (s) => s !== '',
        );
        for (let i = 0; i < ssids.length; i += CHUNK) {
          const rows = await trx
            .selectFrom('profiles')
            .select((eb) => [eb.fn<string>('lower', ['ssid']).as('key'), 'name'])
            .where((eb) => eb(eb.fn('lower', ['ssid']), 'in', ssids.slice(i, i + CHUNK)))
            .execute();
          for (const r of rows) bySsid.set(r.key, r.name);
        }
        for (let i = 0; i < serials.length; i += CHUNK) {
          const rows = await trx
            .selectFrom('profiles')
            .select(['serial_number', 'name'])
            .where('serial_number', 'in', serials.slice(i, i + CHUNK))
            .execute();
          for (const r of rows) bySerial.set(r.serial_number, r.name);
        }
        const fresh: ImportCandidate[] = [];
        for (const [i, c] of candidates.entries()) {
          const ssidOwner = bySsid.get(String(c.profile.ssid).toLowerCase());
          const serialOwner = c.profile.serial_number ? bySerial.get(c.profile.serial_number) : undefined;
          if (ssidOwner !== undefined) conflicts.set(i, { kind: 'ssid', profileName: ssidOwner });
          else if (serialOwner !== undefined) conflicts.set(i, { kind: 'serial', profileName: serialOwner });
          else fresh.push(c);
        }
        // Profiles have 15 columns and versions 9: 500 rows stay far below SQLite's 32,766 and
        // PostgreSQL's 65,535 bound parameters per statement.
        for (let i = 0; i < fresh.length; i += CHUNK) {
          const part = fresh.slice(i, i + CHUNK);
          await trx
            .insertInto('profiles')
            .values(part.map((c) => c.profile))
            .execute();
          await trx
            .insertInto('profile_versions')
            .values(part.map((c) => c.version))
            .execute();
        }
      });
      return conflicts;
    },
    listVersions(id: string): Promise<ProfileVersionRow[]> {
      return db
        .selectFrom('profile_versions')
        .selectAll()
        .where('profile_id', '=', id)
        .orderBy('version', 'desc')
        .execute();
    },
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('profiles').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
