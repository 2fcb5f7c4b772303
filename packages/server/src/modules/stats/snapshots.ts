// Hourly snapshots of the dashboard counts (issue 18), for the stat cards' trends against about 24
// hours ago: GET /api/stats/trend answers the newest snapshot at least 23 hours old.
import type { Kysely } from 'kysely';
import type { DeviceStats, StatsTrend } from '../../contract';
import type { Database } from '../../db/schema';

const HOUR_MS = 3_600_000;
/** Snapshots older than this are deleted (only ~24 h ago is read). */
const KEEP_MS = 8 * 24 * HOUR_MS;

export function createSnapshots(db: Kysely<Database>, compute: () => Promise<DeviceStats>) {
  return {
    /** Stores the counts now unless a snapshot was taken less than `minGapMs` ago; prunes old ones. */
    async take(now = Date.now(), minGapMs = HOUR_MS - 60_000): Promise<boolean> {
      const latest = await db
        .selectFrom('stats_snapshots')
        .select('taken_at')
        .orderBy('taken_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest && Math.abs(now - Date.parse(latest.taken_at)) < minGapMs) return false;
      const stats = await compute();
      await db
        .insertInto('stats_snapshots')
        .values({ taken_at: new Date(now).toISOString(), stats: JSON.stringify(stats) })
        .onConflict((oc) => oc.column('taken_at').doNothing())
        .execute();
      await db
        .deleteFrom('stats_snapshots')
        .where('taken_at', '<', new Date(now - KEEP_MS).toISOString())
        .execute();
      return true;
    },
    async trend(now = Date.now()): Promise<StatsTrend> {
      const row = await db
        .selectFrom('stats_snapshots')
        .selectAll()
        .where('taken_at', '<=', new Date(now - 23 * HOUR_MS).toISOString())
        .orderBy('taken_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row
        ? { since: row.taken_at, stats: JSON.parse(row.stats) as DeviceStats }
        : { since: null, stats: null };
    },
  };
}

export type Snapshots = ReturnType<typeof createSnapshots>;
