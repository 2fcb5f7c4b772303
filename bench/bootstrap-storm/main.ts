// Issue 23, point 11: bootstrap storms. After a regional power cut tens of thousands of routers boot
// together and each opens its first session (0 BOOTSTRAP, 1 BOOT): the ACS records a new device, gives
// it its connection-request credentials (a SetParameterValues) and starts reading its tree. This
// benchmark lets new routers arrive at a steady rate, R per second for STORM_SECONDS, whatever the
// ACS answers (the simulator in its own process, its first boots spread evenly, no cap on sessions at
// once), and counts the sessions the ACS refused (503, or any failed session) while they arrived.
// It raises R until routers are refused, on SQLite and, when its server binaries are installed, on
// PostgreSQL. Each rate runs on a new server and a new database.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProvisorProcess } from '../../test-support/provisor-process';
import { cpuSeconds } from '../session-throughput/load';
import { machine, printTable, writeResults } from '../lib/measure';
import { benchPostgresUrl, freshPostgresDatabase } from '../lib/postgres';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
const SECONDS = Number(process.env.STORM_SECONDS ?? 10);
const RATES = (process.env.STORM_RATES ?? '25,50,100,200,400,800').split(',').map(Number);

interface SimStatus {
  sessionsOk: number;
  failed: number;
  lastError: string;
}

async function storm(database: string, rate: number, databaseUrl?: string) {
  const count = rate * SECONDS;
  const server = await startProvisorProcess({
    env: {
      PROVISOR_ADMIN_PASSWORD: 'bench-admin-password',
      PROVISOR_WEB_DIST: '',
      PROVISOR_LOG_LEVEL: 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const pid = server.child.pid!;
  let last: SimStatus = { sessionsOk: 0, failed: 0, lastError: '' };
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const sim = spawn(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [
      join(repoRoot, 'packages/sim/src/cli.ts'),
      ...['--acs', `${server.url}/`, '--count', String(count), '--model', 'tr181', '--serial', 'STORM{i:06}'],
      ...['--interval', '3600', '--max-sessions', '100000', '--ramp-up', String(SECONDS * 1000)],
      ...['--status-every', '0.25', '--http-timeout', '30000'],
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  sim.stdout!.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) {
      const m = /sessions ok (\d+) · failed (\d+)/.exec(line);
      if (!m) continue;
      const error = / · last error: (.*)$/.exec(line)?.[1] ?? last.lastError;
      last = { sessionsOk: Number(m[1]), failed: Number(m[2]), lastError: error };
    }
  });
  try {
    // Every router's first session done (refused ones retry on TR-069's back-off), or 120 s more.
    let allInSeconds = NaN;
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const elapsed = (performance.now() - started) / 1000;
      if (last.sessionsOk >= count) {
        allInSeconds = elapsed;
        break;
      }
      if (elapsed > SECONDS + 120) break;
    }
    const cpu = cpuSeconds(pid) - cpuBefore;
    return {
      database,
      'routers/s': String(rate),
      routers: String(count),
      'refused sessions': String(last.failed),
      'all bootstrapped (s)': Number.isNaN(allInSeconds)
        ? `not in ${SECONDS + 120}`
        : allInSeconds.toFixed(1),
      'server CPU ms/router': ((cpu * 1000) / Math.max(1, last.sessionsOk)).toFixed(2),
      'last error': last.failed > 0 ? last.lastError.slice(0, 40) : '',
    };
  } finally {
    sim.kill('SIGINT');
    await new Promise((r) => sim.once('exit', r));
    await server.stop();
  }
}

const rows: Record<string, string>[] = [];
const pgBase = process.env.STORM_SKIP_POSTGRES ? null : benchPostgresUrl();
for (const database of ['SQLite', ...(pgBase ? ['PostgreSQL'] : [])]) {
  let refusedRuns = 0;
  for (const rate of RATES) {
    const row = await storm(
      database,
      rate,
      database === 'PostgreSQL' ? await freshPostgresDatabase(pgBase!, 'provisor_storm') : undefined,
    );
    rows.push(row);
    console.log(JSON.stringify(row));
    if (row['refused sessions'] !== '0' && ++refusedRuns >= 2) break;
  }
}
printTable(rows);
console.log(
  `results: ${writeResults('bootstrap-storm', { machine: machine(), seconds: SECONDS, rates: RATES, rows })}`,
);
