import type { Insertable, Selectable } from 'kysely';
import type { JobType } from '../../contract/jobs';

/** A bulk call's jobs as one group (migration 0016); its progress is counted from jobs.operation_id. */
export interface BulkOperationsTable {
  id: string;
  /** The job type every device got. */
  type: JobType;
  created_at: string;
  /** The username of the operator who started it; null when no user did. */
  created_by: string | null;
  /** A short description of the parameters, for display. */
  summary: string;
  /** How many jobs were created. */
  total: number;
  /** JSON {search?, status?}: the filter the devices were chosen by; null when given by id. */
  filter: string | null;
  /** How many distinct ids were given; null when chosen by a filter. */
  id_count: number | null;
}

export type BulkOperationRow = Selectable<BulkOperationsTable>;
export type NewBulkOperationRow = Insertable<BulkOperationsTable>;
