// The job session's statements (a device's unfinished jobs, a job by id, the guarded updates) give the
// same answers as fixed prepared texts as through Kysely's query builder, on SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../../../test/postgres';
import type { JobStatus } from '../../db/tables/jobs';
import { createDevicesRepository, type JobFactsRow } from '../devices/index';
import { createJobsRepository } from './repository';

const now = '2026-01-01T00:00:00.000Z';

describeOnBothDatabases('the job repository', (handle) => {
  /** The repository used `way`, a new device, and a row maker for its jobs. */
  async function withDevice(way: 'prepared texts' | "Kysely's query builder", prefix: string) {
    const repo = createJobsRepository(
      handle().db,
      handle().dialect,
      way === 'prepared texts' ? handle().prepared : undefined,
    );
    const device = randomUUID();
    await handle()
      .db.insertInto('devices')
      .values({
        id: device,
        oui: '00259E',
        product_class: 'EG8145V5',
        serial_number: `${prefix}-${device.slice(0, 8)}`,
        last_inform_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const job = (id: string, created: string, status: JobStatus) => ({
      id,
      device_id: device,
      type: 'reboot' as const,
      params: '{}',
      status,
      created_at: created,
      expires_at: '2027-01-01T00:00:00.000Z',
      updated_at: now,
    });
    return { repo, device, job };
  }

  for (const way of ['prepared texts', "Kysely's query builder"] as const) {
    it(`reads and updates a job session's jobs by ${way}`, async () => {
      const { repo, device, job } = await withDevice(way, 'REPO');
      const [first, second, done] = [randomUUID(), randomUUID(), randomUUID()];
      await repo.insertMany([
        job(second, '2026-01-01T00:00:02.000Z', 'pending'),
        job(first, '2026-01-01T00:00:01.000Z', 'running'),
        job(done, '2026-01-01T00:00:00.000Z', 'completed'),
      ]);

      // Oldest first, the finished one left out.
      expect((await repo.unfinished(device)).map((j) => j.id)).toEqual([first, second]);
      // Every column, as Kysely's selectAll reads them.
      expect(await repo.findById(second)).toEqual(
        await handle().db.selectFrom('jobs').selectAll().where('id', '=', second).executeTakeFirst(),
      );
      expect((await repo.findById(second))?.status).toBe('pending');
      expect(await repo.findById(randomUUID())).toBeUndefined();

      // Guarded by status: only while the job is still in it. Undefined columns are left alone.
      expect(await repo.updateIfStatus(second, 'running', { status: 'completed' })).toBe(false);
      expect(
        await repo.updateIfStatus(second, 'pending', { status: 'running', attempts: 1, error: undefined }),
      ).toBe(true);
      const started = await repo.findById(second);
      expect([started?.status, started?.attempts, started?.error]).toEqual(['running', 1, null]);

      // Guarded by who holds it, null owner and session included.
      expect(await repo.updateIfHeld(second, 'p1', 's1', { state: '{"a":1}' })).toBe(false);
      expect(await repo.updateIfHeld(second, null, null, { owner: 'p1', session_id: 's1' })).toBe(true);
      expect(await repo.updateIfHeld(second, 'p1', null, { state: '{"a":1}' })).toBe(false);
      expect(await repo.updateIfHeld(second, 'p1', 's1', { state: '{"a":2}', wait_until: null })).toBe(true);
      expect((await repo.findById(second))?.state).toBe('{"a":2}');

      // Unguarded.
      await repo.update(first, { status: 'failed', result: '{}', fault_code: 9002, finished_at: now });
      const failed = await repo.findById(first);
      expect([failed?.status, failed?.fault_code, failed?.finished_at]).toEqual(['failed', 9002, now]);
      expect((await repo.unfinished(device)).map((j) => j.id)).toEqual([second]);

      // A column the table does not have is refused, not written.
      await expect(repo.update(first, { nonsense: 1 } as never)).rejects.toThrow(
        /no column "nonsense"|nonsense/,
      );
    });

    it(`finishes a job and reads what is left of its device's, guarded or not, by ${way}`, async () => {
      const { repo, device, job } = await withDevice(way, 'FINISH');
      const [running, next, last] = [randomUUID(), randomUUID(), randomUUID()];
      await repo.insertMany([
        { ...job(running, '2026-01-01T00:00:01.000Z', 'running'), owner: 'p1', session_id: 's1' },
        job(next, '2026-01-01T00:00:02.000Z', 'pending'),
        job(last, '2026-01-01T00:00:03.000Z', 'pending'),
      ]);
      const done = { status: 'completed' as const, finished_at: now, owner: null, session_id: null };
      // Held by another session: nothing written, nothing read.
      expect(await repo.finishAndReadUnfinished(running, device, done, { owner: 'p1', session: 's2' })).toBe(
        null,
      );
      expect((await repo.findById(running))?.status).toBe('running');
      // Held by its own: written, and the rest read as after it, oldest first, every column.
      const left = await repo.finishAndReadUnfinished(running, device, done, { owner: 'p1', session: 's1' });
      expect(left).toEqual(await repo.unfinished(device));
      expect(left?.map((j) => j.id)).toEqual([next, last]);
      expect((await repo.findById(running))?.status).toBe('completed');
      // Unguarded, and nothing left after it.
      await repo.update(next, { status: 'cancelled' });
      expect(await repo.finishAndReadUnfinished(last, device, { status: 'failed', error: 'x' })).toEqual([]);
      expect((await repo.findById(last))?.error).toBe('x');
    });

    it(`claims a job as once read only while it is unchanged and first of its device's, by ${way}`, async () => {
      const { repo, job } = await withDevice(way, 'FIRST');
      const [older, newer] = [randomUUID(), randomUUID()];
      await repo.insertMany([
        job(older, '2026-01-01T00:00:01.000Z', 'failed'),
        job(newer, '2026-01-01T00:00:02.000Z', 'pending'),
      ]);
      const later = '2026-01-01T00:00:05.000Z';
      // Changed since it was read (a retry, say): not claimed.
      expect(await repo.updateIfAsRead(newer, later, { status: 'running' }, true)).toBe(false);
      // An older job waiting again (retried meanwhile) comes first: not claimed.
      await repo.update(older, { status: 'pending', updated_at: later });
      expect(await repo.updateIfAsRead(newer, now, { status: 'running' }, true)).toBe(false);
      expect((await repo.findById(newer))?.status).toBe('pending');
      // Unchanged and first: claimed, once.
      await repo.update(older, { status: 'cancelled', updated_at: later });
      expect(await repo.updateIfAsRead(newer, now, { status: 'running', updated_at: later }, true)).toBe(
        true,
      );
      expect((await repo.findById(newer))?.status).toBe('running');
      expect(await repo.updateIfAsRead(newer, now, { status: 'running' }, true)).toBe(false);
    });
  }

  it("carries the device's job facts in a claim's and a finish's statement on PostgreSQL, only when they hold", async () => {
    const { repo, device, job } = await withDevice('prepared texts', 'CARRY');
    expect(repo.carries).toBe(handle().dialect === 'postgres');
    if (!repo.carries) return;
    const devices = createDevicesRepository(handle().db, handle().dialect, { prepared: handle().prepared });
    await handle()
      .db.updateTable('devices')
      .set({ status: 'online', jobs_waiting: 1 })
      .where('id', '=', device)
      .execute();
    const state = async () =>
      handle()
        .db.selectFrom('devices')
        .select(['status', 'jobs_waiting', 'jobs_running', 'last_job_failed'])
        .where('id', '=', device)
        .executeTakeFirstOrThrow();
    const carry = (told: { waiting: boolean; running: boolean; lastFailed?: boolean }) => {
      const ran: (JobFactsRow | undefined)[] = [];
      return {
        ran,
        carried: {
          statement: (condition: string) => devices.jobFactsCarried(device, told, now, condition),
          ran: (row: JobFactsRow | undefined) => void ran.push(row),
        },
      };
    };
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await repo.insertMany([
      job(first, '2026-01-01T00:00:01.000Z', 'pending'),
      job(second, '2026-01-01T00:00:02.000Z', 'pending'),
    ]);
    const running = { waiting: true, running: true };

    // Not first of its device's: neither the claim nor the facts are written.
    const early = carry(running);
    expect(await repo.claimCarrying(second, { status: 'running' }, now, early.carried)).toBe(false);
    expect(early.ran).toEqual([]);
    expect(await state()).toMatchObject({ status: 'online', jobs_running: 0 });

    // Claimed: the facts written with it, and what they answered (the status as it was, and now).
    const claim = carry(running);
    expect(
      await repo.claimCarrying(
        first,
        { status: 'running', owner: 'p1', session_id: 's1' },
        now,
        claim.carried,
      ),
    ).toBe(true);
    expect(claim.ran).toEqual([
      expect.objectContaining({ id: device, status: 'provisioning', previous_status: 'online' }),
    ]);
    expect(await state()).toMatchObject({ status: 'provisioning', jobs_waiting: 1, jobs_running: 1 });
    // No longer pending: not claimed again, nothing carried.
    const again = carry(running);
    expect(await repo.claimCarrying(first, { status: 'running' }, undefined, again.carried)).toBe(false);
    expect(again.ran).toEqual([]);

    // A finish that leaves a job unfinished: the facts it carries (none left) are not written.
    const done = { status: 'failed' as const, finished_at: now, owner: null, session_id: null };
    const idle = { waiting: false, running: false, lastFailed: true };
    const notLast = carry(idle);
    const left = await repo.finishAndReadUnfinished(
      first,
      device,
      done,
      { owner: 'p1', session: 's1' },
      notLast.carried,
    );
    expect(left?.map((j) => j.id)).toEqual([second]);
    expect(notLast.ran).toEqual([]);
    expect(await state()).toMatchObject({ status: 'provisioning', jobs_running: 1, last_job_failed: 0 });
    // Held by another session: nothing written, nothing carried.
    await repo.update(second, { status: 'running', owner: 'p1', session_id: 's2' });
    const other = carry(idle);
    expect(
      await repo.finishAndReadUnfinished(second, device, done, { owner: 'p1', session: 's1' }, other.carried),
    ).toBe(null);
    expect(other.ran).toEqual([]);
    // The last: written with it.
    const last = carry(idle);
    expect(
      await repo.finishAndReadUnfinished(second, device, done, { owner: 'p1', session: 's2' }, last.carried),
    ).toEqual([]);
    expect(last.ran).toEqual([expect.objectContaining({ status: 'error', previous_status: 'provisioning' })]);
    expect(await state()).toMatchObject({ jobs_waiting: 0, jobs_running: 0, last_job_failed: 1 });
    // Nothing differs the next time: it runs, and answers no row.
    await repo.insertMany([job(third, '2026-01-01T00:00:03.000Z', 'pending')]);
    const same = carry(idle);
    expect(await repo.finishAndReadUnfinished(third, device, done, undefined, same.carried)).toEqual([]);
    expect(same.ran).toEqual([undefined]);
  });

  it('indexes no column that a job session writes and no query looks jobs up by', async () => {
    // The start sets the command key, the process and the session, the finish clears them: an
    // index on any of them is an entry moved at each, for a lookup no statement makes (0027).
    const columns = async (table: string) =>
      (handle().dialect === 'sqlite'
        ? await sql<{ name: string; column: string }>`select il.name as name, ii.name as "column"
            from pragma_index_list(${table}) il, pragma_index_info(il.name) ii`.execute(handle().db)
        : await sql<{ name: string; column: string }>`select i.relname as name, a.attname as "column"
            from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
            join pg_attribute a on a.attrelid = t.oid and a.attnum = any(x.indkey)
            where t.relname = ${table}`.execute(handle().db)
      ).rows;
    const jobs = await columns('jobs');
    expect(jobs.map((r) => r.column)).toEqual(expect.arrayContaining(['device_id', 'status', 'wait_until']));
    for (const column of ['command_key', 'session_id', 'owner'])
      expect(jobs.map((r) => r.column)).not.toContain(column);
    // devices_product_class_oui leads with product_class: no index of product_class alone.
    const devices = await columns('devices');
    const alone = devices.filter(
      (r) => r.column === 'product_class' && devices.filter((o) => o.name === r.name).length === 1,
    );
    expect(alone).toEqual([]);
    expect(devices.map((r) => r.name)).toContain('devices_product_class_oui');
  });

  it('goes on reading jobs by prepared texts after another process adds a column to the table', async () => {
    const repo = createJobsRepository(handle().db, handle().dialect, handle().prepared);
    // An unfinished job (the tests above also leave devices whose jobs are all finished).
    const id = (
      await handle()
        .db.selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['pending', 'running'])
        .executeTakeFirstOrThrow()
    ).id;
    const before = await repo.findById(id);
    // A newer version's migration, run while this process holds its prepared statements.
    await sql`alter table jobs add column later_column text`.execute(handle().db);
    expect(await repo.findById(id)).toEqual(before);
    expect((await repo.unfinished(before!.device_id)).length).toBeGreaterThan(0);
  });
});
