// Bulk operations (issue 16): a bulk call's jobs are one group, with its progress counted from the
// jobs (jobs.operation_id). Consoles learn of progress from `bulk_operation_update`, sent when a job
// of the group changes status (job_update carries its operationId), at most once a second per
// operation and always with the last state, so a wave of 10,000 jobs does not flood them.
import { randomUUID } from 'node:crypto';
import type { BulkOperation, DeviceFilter } from '../../contract';
import type { BulkOperationRow } from '../../db/tables/bulk-operations';
import type { JobType } from '../../db/tables/jobs';
import { AppError } from '../../errors';
import { createKeyedThrottle, type EventBus } from '../live/index';
import type { OperationsRepository, StatusCounts } from './operations-repository';

export interface OperationsServiceOptions {
  /** At most one bulk_operation_update per operation in this many milliseconds. */
  updateIntervalMs: number;
  /** Told when an update could not be read or sent. */
  onError: (err: unknown) => void;
  /**
   * A bulk call by filter reads its devices and makes their jobs this many at a time (jobs/bulk.ts),
   * so that its memory is bounded by this, not by the devices matched.
   */
  chunkSize?: number;
}

/** Devices per chunk of a bulk call by filter, by default. */
export const BULK_CHUNK_SIZE = 5000;

export interface NewOperation {
  type: JobType;
  summary: string;
  createdBy: string | null;
  /** How the devices were chosen: a filter, or this many distinct ids. */
  filter?: DeviceFilter;
  idCount?: number;
  /** How many jobs it makes. */
  total: number;
}

function toApiOperation(row: BulkOperationRow, c: StatusCounts): BulkOperation {
  return {
    id: row.id,
    type: row.type,
    createdAt: row.created_at,
    createdBy: row.created_by,
    summary: row.summary,
    filter: row.filter === null ? null : (JSON.parse(row.filter) as DeviceFilter),
    // The group's jobs now (a device removed takes its jobs along), so the counts always add up.
    total: c.pending + c.running + c.completed + c.failed + c.cancelled,
    ...c,
  };
}

export function createOperationsService(
  repo: OperationsRepository,
  bus: EventBus,
  o: OperationsServiceOptions,
) {
  async function find(id: string): Promise<BulkOperation | undefined> {
    const row = await repo.findById(id);
    if (!row) return undefined;
    return toApiOperation(row, (await repo.counts([id])).get(id)!);
  }

  const updates = createKeyedThrottle({
    intervalMs: o.updateIntervalMs,
    async emit(id) {
      const operation = await find(id);
      if (operation) bus.publish('bulk_operation_update', operation);
    },
    onError: (err) => o.onError(err),
  });
  const stopListening = bus.on('job_update', ({ operationId }) => {
    if (operationId) updates.touch(operationId);
  });

  return {
    chunkSize: o.chunkSize ?? BULK_CHUNK_SIZE,
    /** Records a new operation; its jobs name it (jobs.create's operationId). */
    async create(n: NewOperation): Promise<string> {
      const id = randomUUID();
      await repo.insert({
        id,
        type: n.type,
        created_at: new Date().toISOString(),
        created_by: n.createdBy,
        summary: n.summary.slice(0, 200),
        total: n.total,
        filter: n.filter ? JSON.stringify({ search: n.filter.search, status: n.filter.status }) : null,
        id_count: n.idCount ?? null,
      });
      return id;
    },
    /** The number of jobs it made, once known (a bulk call by filter knows it at its end). */
    setTotal: (id: string, total: number) => repo.setTotal(id, total),
    async get(id: string): Promise<BulkOperation> {
      const operation = await find(id);
      if (!operation) throw new AppError(404, 'Operation not found', `No bulk operation has the id "${id}".`);
      return operation;
    },
    /** A page of operations, newest first, each with its counts (one grouped query for the page). */
    async list(limit: number, offset: number): Promise<{ operations: BulkOperation[]; total: number }> {
      const { rows, total } = await repo.list(limit, offset);
      const counts = await repo.counts(rows.map((r) => r.id));
      return { operations: rows.map((r) => toApiOperation(r, counts.get(r.id)!)), total };
    },
    stop(): void {
      stopListening();
      updates.stop();
    },
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;
