// Issue 24, target 3 (the wave): what a job's writes cost on SQLite, statement by statement. A file
// database with the server's own migrations, settings and indexes (db/database.ts openDatabase),
// 10,000 devices and one job each; then each write a job session makes, alone (autocommit, as the
// server runs them today) and four of them in one transaction, in microseconds per statement, the
// median of several passes. Reads are beside them for scale.
//   SQLITE_WRITES_ROWS=10000 SQLITE_WRITES_PASSES=5 npm run bench -- sqlite-writes
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../../packages/server/src/db/database';
import { machine, printTable, writeResults } from '../lib/measure';

const ROWS = Number(process.env.SQLITE_WRITES_ROWS ?? 10_000);
const PASSES = Number(process.env.SQLITE_WRITES_PASSES ?? 5);

const dir = mkdtempSync(join(tmpdir(), 'provisor-sqlite-writes-'));
const handle = openDatabase({ kind: 'sqlite', path: join(dir, 'provisor.db') });
try {
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  const devices = Array.from({ length: ROWS }, (_, i) => ({
    id: randomUUID(),
    oui: '00259E',
    product_class: 'EG8145V5',
    serial_number: `WRITE${String(i).padStart(6, '0')}`,
    status: 'online' as const,
    last_inform_at: now,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < ROWS; i += 500)
    await handle.db
      .insertInto('devices')
      .values(devices.slice(i, i + 500))
      .execute();
  const jobs = devices.map((d) => ({
    id: randomUUID(),
    device_id: d.id,
    type: 'set-parameters' as const,
    params: '{"parameters":[]}',
    status: 'pending' as const,
    attempts: 0,
    created_at: now,
    updated_at: now,
    expires_at: now,
  }));
  for (let i = 0; i < ROWS; i += 500)
    await handle.db
      .insertInto('jobs')
      .values(jobs.slice(i, i + 500))
      .execute();

  const q = (text: string, params: unknown[]) => handle.prepared(text, params);
  const at = () => new Date().toISOString();
  // Each write as the job path runs it (jobs/service.ts, devices/service.ts), on row i; odd passes
  // set what even passes take back, so every statement changes its row.
  type Write = (i: number, pass: number) => Promise<unknown>;
  const writes: [string, Write][] = [
    [
      "write: a job's status (start, finish: four indexes hold the status)",
      (i, pass) =>
        q('update jobs set status = ?, updated_at = ? where id = ?', [
          pass % 2 ? 'running' : 'pending',
          at(),
          jobs[i]!.id,
        ]),
    ],
    [
      "write: a job's state only (no indexed column)",
      (i, pass) =>
        q('update jobs set state = ?, updated_at = ? where id = ?', [`{"pass":${pass}}`, at(), jobs[i]!.id]),
    ],
    [
      "write: a device's status (one index holds it)",
      (i, pass) =>
        q('update devices set status = ?, updated_at = ? where id = ?', [
          pass % 2 ? 'provisioning' : 'online',
          at(),
          devices[i]!.id,
        ]),
    ],
    [
      "write: a device's job facts (no indexed column)",
      (i, pass) => q('update devices set jobs_running = ? where id = ?', [pass % 2, devices[i]!.id]),
    ],
  ];
  const cases: [string, number, Write][] = [
    ['read: a job by id', 1, (i) => q('select * from jobs where id = ?', [jobs[i]!.id])],
    ['read: a device by id', 1, (i) => q('select * from devices where id = ?', [devices[i]!.id])],
    ...writes.map(([name, write]): [string, number, Write] => [name, 1, write]),
    [
      // The start and the finish as jobs/service.ts writes them: besides the status, the command key,
      // the process and the session are set at the start and cleared at the finish.
      "write: a job's start or finish (status, command key, owner, session)",
      1,
      (i, pass) =>
        q(
          'update jobs set status = ?, command_key = ?, owner = ?, session_id = ?, updated_at = ? where id = ?',
          pass % 2
            ? ['running', `ck${pass}-${i}`, 'bench-process', randomUUID(), at(), jobs[i]!.id]
            : ['completed', null, null, null, at(), jobs[i]!.id],
        ),
    ],
  ];
  const fourWrites: Write = async (i, pass) => {
    for (const [, write] of writes) await write(i, pass);
  };
  cases.push(['the first four writes above, each its own commit', 4, fourWrites]);
  cases.push([
    'the first four writes above in one transaction',
    4,
    async (i, pass) => {
      await q('begin', []);
      await fourWrites(i, pass);
      await q('commit', []);
    },
  ]);

  const rows: Record<string, string>[] = [];
  let passNo = 0;
  for (const [name, statements, run] of cases) {
    const perStatement: number[] = [];
    for (let p = 0; p < PASSES; p++) {
      passNo++;
      const t0 = performance.now();
      for (let i = 0; i < ROWS; i++) await run(i, passNo);
      perStatement.push(((performance.now() - t0) * 1000) / ROWS / statements);
    }
    perStatement.sort((a, b) => a - b);
    rows.push({
      statement: name,
      'µs a statement (median)': perStatement[Math.floor(PASSES / 2)]!.toFixed(1),
      'min – max': `${perStatement[0]!.toFixed(1)} – ${perStatement.at(-1)!.toFixed(1)}`,
    });
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(
    `SQLite (WAL, synchronous NORMAL, the server's pragmas), ${ROWS.toLocaleString('en-US')} devices and jobs, ` +
      `${PASSES} passes over every row per statement; 1-minute load average ${load}`,
  );
  printTable(rows);
  console.log(
    `results: ${writeResults('sqlite-writes', { machine: machine(), rows: ROWS, passes: PASSES, load, results: rows })}`,
  );
} finally {
  await handle.destroy();
  rmSync(dir, { recursive: true, force: true });
}
