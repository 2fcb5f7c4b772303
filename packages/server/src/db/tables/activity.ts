import type { Insertable, Selectable } from 'kysely';

/** The activity log (migration 0019): one operator-readable line per event. */
export interface ActivityTable {
  /** Time-ordered text: ordering by id is ordering by time. */
  id: string;
  type: 'success' | 'error' | 'info' | 'warning' | 'device' | 'job';
  message: string;
  /** JSON object, or null. */
  details: string | null;
  device_id: string | null;
  created_at: string;
}

/** Hourly dashboard counts (migration 0019), for the 24-hour trends. */
export interface StatsSnapshotsTable {
  taken_at: string;
  /** JSON deviceStats. */
  stats: string;
}

export type ActivityRow = Selectable<ActivityTable>;
export type NewActivityRow = Insertable<ActivityTable>;
