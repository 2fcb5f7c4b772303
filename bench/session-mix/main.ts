// Issue 24, target 1: the realistic session mix. Periodic Informs of 20 to 40 parameters, 1 in 10 a
// `4 VALUE CHANGE` with a new value, 1 session in 20 running a job (a SetParameterValues of 5
// parameters), 1 in 200 a GetParameterValues of a 300-parameter subtree (see mix.ts). Measured in
// one run against a limit server playing the same exchanges canned (limit-server.ts), then against
// Provisor on SQLite and on PostgreSQL, each at its peak and paced at 80% of it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';
import { pinLoad, pinNote, pinServer } from '../lib/pin';
import { runStatement, sessionBenchDatabase } from '../lib/postgres';
import { SESSION_BENCH_ENV } from '../lib/provisor-server';
import {
  PEAK_LEVELS,
  percentile,
  runLoad,
  startCpuAccount,
  type CpuAccount,
  type LoadResult,
} from '../session-throughput/load';
import { GET_PATH, SET_PARAMETERS } from './mix';
import { mixRouters, type MixCounts } from './router';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
// Enough routers that no run (the peak's, one for each number of connections in PEAK_LEVELS, and the
// paced run after them) meets a router twice: each job runs once, at the router's first session after
// the jobs were created. The load generator holds every router's messages (about 20 KB each: 200,000
// ran it out of heap), so the runs are 4 s each.
const DEVICES = Number(process.env.MIX_DEVICES ?? 64_000);
const DURATION_MS = Number(process.env.THROUGHPUT_SECONDS ?? 4) * 1000;
const PASSWORD = 'bench-admin-password';

interface Row {
  target: string;
  result: LoadResult;
  cpu: CpuAccount;
  counts: MixCounts;
  connections: number;
  /** The rate at each number of connections tried (the peak's runs). */
  levels?: string;
}

const rate = (r: Row) => r.result.sessions / r.result.seconds;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;

async function measure(
  target: string,
  url: string,
  pid: number,
  o: { connections: number; startAt?: number; rate?: number; maxSessions?: number },
): Promise<Row> {
  const routers = mixRouters(DEVICES);
  const account = startCpuAccount(pid);
  const result = await runLoad({
    url,
    durationMs: DURATION_MS,
    bodies: routers.bodies,
    session: routers.session,
    ...o,
  });
  if (routers.counts.unexpected.length > 0)
    console.log(`${target}: unexpected messages`, routers.counts.unexpected);
  return {
    target,
    result,
    cpu: account(result.sessions),
    counts: routers.counts,
    connections: o.connections,
  };
}

/**
 * The best closed-loop rate over PEAK_LEVELS, each run going on where the last stopped (`startAt`):
 * with `once`, every session is a router's first since the jobs were made.
 */
async function peakOf(target: string, url: string, pid: number, o: { once: boolean }): Promise<Row> {
  const runs: Row[] = [];
  let next = 0;
  for (const connections of PEAK_LEVELS) {
    if (o.once && next >= DEVICES) throw new Error(`MIX_DEVICES=${DEVICES} is too few routers for the runs`);
    // The limit answers a router's every session alike: it may meet one again.
    const run = await measure(target, url, pid, {
      connections,
      startAt: next,
      ...(o.once ? { maxSessions: DEVICES - next } : {}),
    });
    next = run.result.next;
    runs.push(run);
  }
  const best = runs.reduce((a, b) => (rate(b) > rate(a) ? b : a));
  return {
    ...best,
    result: { ...best.result, next },
    levels: runs.map((r) => `${r.connections}: ${rate(r).toFixed(0)}`).join(', '),
  };
}

async function limitRun(): Promise<Row> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'limit-server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  pinServer(child.pid!);
  const url = `http://127.0.0.1:${line.toString().trim()}`;
  try {
    const warm = mixRouters(DEVICES);
    await runLoad({
      url,
      connections: 32,
      durationMs: 2000,
      bodies: warm.bodies,
      session: warm.session,
    });
    return await peakOf('limit server (canned exchanges)', url, child.pid!, { once: false });
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

async function provisorRun(label: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startProvisorProcess({
    env: {
      ...SESSION_BENCH_ENV,
      // The jobs' connection requests fail at once (127.0.0.1:9); no second wake within the run.
      PROVISOR_REWAKE_SECONDS: '86400',
      ...env,
    },
    // MIX_CPU_PROF=<dir>: a V8 CPU profile of the server, written when it stops.
    // MIX_NODE_ARGS: more arguments for the server's node (--inspect, to profile one phase by hand).
    nodeArgs: [
      ...(process.env.MIX_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.MIX_CPU_PROF}`] : []),
      ...(process.env.MIX_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
  pinServer(server.child.pid!);
  try {
    // Register every router once (a pass of the mix without jobs), then create the jobs.
    const registration = mixRouters(DEVICES);
    const warm = await runLoad({
      url: server.url,
      // Fewer at once: a first session costs more (the device's rows are created), and the ACS sheds
      // new sessions with 503 when its event loop lags (PROVISOR_CWMP_SHED_LAG_MS).
      connections: 8,
      durationMs: 900_000,
      bodies: registration.bodies,
      session: registration.session,
      maxSessions: DEVICES,
    });
    if (warm.failures > 0)
      throw new Error(
        `${warm.failures} sessions failed while registering the routers: ${registration.counts.unexpected.join(' | ')}`,
      );
    if (env.DATABASE_URL?.startsWith('postgres')) await runStatement(env.DATABASE_URL, 'ANALYZE');
    const api = await apiClient(server.url, 'admin', PASSWORD);
    const sets = await api('/api/provisioning/bulk/set-parameters', {
      filter: { search: 'MIXS' },
      parameters: SET_PARAMETERS.map((p) => ({ ...p, type: 'string' })),
    });
    const gets = await api('/api/provisioning/bulk/get-parameters', {
      filter: { search: 'MIXG' },
      parameters: [GET_PATH],
    });
    console.log(
      `${label}: jobs created`,
      JSON.stringify(sets).slice(0, 200),
      JSON.stringify(gets).slice(0, 200),
    );
    // Let the jobs' connection requests fail and settle before the clock starts.
    await new Promise((r) => setTimeout(r, 3000));
    const pid = server.child.pid!;
    const peak = await peakOf(`Provisor (${label})`, server.url, pid, { once: true });
    const paced = await measure(`Provisor (${label}) at 80% of peak`, server.url, pid, {
      connections: peak.connections,
      startAt: peak.result.next,
      maxSessions: DEVICES - peak.result.next,
      rate: 0.8 * rate(peak),
    });
    return [peak, paced];
  } finally {
    await server.stop();
  }
}

pinLoad();
console.log(pinNote());
console.log(`load average before: ${loadAverage()}`);
const rows: Row[] = [await limitRun()];
rows.push(...(await provisorRun('SQLite', {})));
const pgUrl = await sessionBenchDatabase('provisor_mix');
if (pgUrl) rows.push(...(await provisorRun('PostgreSQL', { DATABASE_URL: pgUrl })));

const limit = rows[0]!;
const perThousand = (n: number, r: Row) => ((1000 * n) / Math.max(1, r.counts.sessions)).toFixed(1);
const table = rows.map((r) => {
  const sorted = [...r.result.latenciesMs].sort((a, b) => a - b);
  return {
    target: r.target,
    'sessions/s': rate(r).toFixed(0),
    connections: String(r.connections),
    'server CPU ms/session': r.cpu.serverMs.toFixed(3),
    'load generator ms/session': r.cpu.loadMs.toFixed(3),
    'PostgreSQL ms/session': r.cpu.databaseMs.toFixed(3),
    'machine busy': `${Math.round(100 * r.cpu.busy)}%`,
    'p50 ms': percentile(sorted, 50).toFixed(2),
    'p99 ms': percentile(sorted, 99).toFixed(2),
    'vs limit': (rate(r) / rate(limit)).toFixed(2),
    'VALUE CHANGE ‰': perThousand(r.counts.valueChanges, r),
    'SPV ‰': perThousand(r.counts.sets, r),
    'GPV ‰': perThousand(r.counts.gets, r),
    failures: String(r.result.failures),
  };
});
console.log(
  `${DEVICES} routers, ${DURATION_MS / 1000} s per run; peak: the best of ${PEAK_LEVELS.join(', ')} connections`,
);
printTable(table);
for (const r of rows) if (r.levels) console.log(`${r.target}: sessions/s by connections: ${r.levels}`);
console.log(`load average after: ${loadAverage()}`);
console.log(
  `results: ${writeResults('session-mix', {
    machine: machine(),
    devices: DEVICES,
    connections: PEAK_LEVELS,
    durationMs: DURATION_MS,
    rows: table,
    levels: Object.fromEntries(rows.filter((r) => r.levels).map((r) => [r.target, r.levels])),
  })}`,
);
