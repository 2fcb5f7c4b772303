import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { BulkOperationRow, NewBulkOperationRow } from '../../db/tables/bulk-operations';
import type { JobStatus } from '../../db/tables/jobs';

export type StatusCounts = Record<JobStatus, number>;

const zero = (): StatusCounts => ({ pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 });

export function createOperationsRepository(db: Kysely<Database>) {
  return {
    async insert(row: NewBulkOperationRow): Promise<void> {
      await db.insertInto('bulk_operations').values(row).execute();
    },
    /** The number of jobs the operation made, known once a bulk call by filter has made them all. */
    async setTotal(id: string, total: number): Promise<void> {
      await db.updateTable('bulk_operations').set({ total }).where('id', '=', id).execute();
    },
    findById(id: string): Promise<BulkOperationRow | undefined> {
      return db.selectFrom('bulk_operations').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** A page of operations, newest first, and how many there are. */
    async list(limit: number, offset: number): Promise<{ rows: BulkOperationRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('bulk_operations')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('bulk_operations')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    /** The jobs of these operations by status: one grouped query (index jobs_operation_status). */
    async counts(ids: readonly string[]): Promise<Map<string, StatusCounts>> {
      const byOperation = new Map<string, StatusCounts>(ids.map((id) => [id, zero()]));
      if (ids.length === 0) return byOperation;
      const rows = await db
        .selectFrom('jobs')
        .select(['operation_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('operation_id', 'in', ids)
        .groupBy(['operation_id', 'status'])
        .execute();
      for (const r of rows) byOperation.get(r.operation_id!)![r.status] = Number(r.n);
      return byOperation;
    },
  };
}

export type OperationsRepository = ReturnType<typeof createOperationsRepository>;
