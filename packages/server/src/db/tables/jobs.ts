import type { Generated, Insertable, Selectable } from 'kysely';
import type { JobStatus, JobType } from '../../contract/jobs';

// Job types and statuses are the API's (contract/jobs.ts).
export { JOB_STATUSES, JOB_TYPES, type JobStatus, type JobType } from '../../contract/jobs';

/** One device action, durable: rows, not promises in memory (architecture.md). */
export interface JobsTable {
  id: string;
  device_id: string;
  type: JobType;
  /** JSON: the job's arguments. */
  params: string;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  error: string | null;
  fault_code: number | null;
  /** JSON: what the job produced (values read, instance number, ...). */
  result: string | null;
  /** JSON: progress between sessions (e.g. waiting for `M Reboot`). */
  state: string | null;
  /** CommandKey/ParameterKey sent with the job's RPC, to match the CPE's later report. */
  command_key: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string;
  /**
   * While the job waits for the device to report back (a reboot, a TransferComplete): when the wait
   * fails it. Null otherwise.
   */
  wait_until: Generated<string | null>;
  /** The bulk operation (bulk_operations) the job belongs to; null for a single device's action. */
  operation_id: Generated<string | null>;
  /**
   * The process (cluster_processes) that started the job and runs it; null while nobody holds it.
   * A process that dies holding jobs has them taken over (jobs/service.ts reclaim).
   */
  owner: Generated<string | null>;
  /** The CWMP session the job's RPC went out in (its answer may reach another process). */
  session_id: Generated<string | null>;
  updated_at: string;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;

/**
 * PostgreSQL only: how many jobs are in each status, by type, kept exact by triggers on jobs
 * (migration 0025): what the job counts by status read. Written only by the triggers.
 */
export interface JobCountsTable {
  status: string;
  type: string;
  /** bigint: the PostgreSQL driver answers it as a string. */
  n: string | number;
}
