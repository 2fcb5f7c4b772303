// Issue 9, part 1: session throughput. K simulated routers at once run the shortest CWMP session
// (Inform → InformResponse → empty POST → 204, each session on its own TCP connection, as the server
// closes it after the 204) against Provisor (10,000 registered routers) and, in the same run, against
// a bare node:http limit server. Reports sessions/s, server CPU per session, latency percentiles, the
// Provisor/limit ratio, and p99 at 80% of Provisor's peak rate.
// SQLite always; PostgreSQL too when its server binaries are installed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';
import { pinLoad, pinNote, pinServer } from '../lib/pin';
import { roundPeaks, runRate, type RoundRow, type RoundTarget } from '../lib/rounds';
import { runStatement, sessionBenchDatabase } from '../lib/postgres';
import { SESSION_BENCH_ENV } from '../lib/provisor-server';
import { SERVER_NODE_FLAGS } from '../../packages/server/src/node-flags';
import { PEAK_LEVELS, informBody, percentile, runLoad, startCpuAccount } from './load';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
const DEVICES = Number(process.env.THROUGHPUT_DEVICES ?? 10_000);
const LEVELS = PEAK_LEVELS;
const DURATION_MS = Number(process.env.THROUGHPUT_SECONDS ?? 5) * 1000;
/**
 * Rounds of runs. In each round every target runs once at each number of connections, one after
 * another, so that a change in the machine's speed (it is shared: the limit alone moved by a quarter
 * within minutes) falls on every target alike instead of on whichever ran in that minute.
 */
const ROUNDS = Number(process.env.THROUGHPUT_ROUNDS ?? 3);

const bodies = Array.from({ length: DEVICES }, (_, i) => informBody(i + 1));

type Row = RoundRow;
type Target = RoundTarget;

const rate = runRate;

async function measure(target: Target, connections: number, rate?: number): Promise<Row> {
  const account = startCpuAccount(target.pid);
  const result = await runLoad({
    url: target.url,
    connections,
    durationMs: DURATION_MS,
    bodies,
    ...(rate ? { rate } : {}),
  });
  return { target: target.name, result, cpu: account(result.sessions), connections };
}

/** Every target's peak, round by round (../lib/rounds.ts). */
function peaks(targets: readonly Target[]): Promise<Row[]> {
  return roundPeaks(targets, {
    rounds: ROUNDS,
    levels: LEVELS,
    run: (target, connections) => measure(target, connections),
  });
}

/**
 * PostgreSQL plans with the statistics autovacuum gathers within a minute of the routers' arrival;
 * before them its plans cost more CPU per session (see bench/README.md). The measurement is of the
 * steady state, so it gathers them at once.
 */
async function analyze(url: string): Promise<void> {
  await runStatement(url, 'ANALYZE');
}

async function startProvisor(label: string, env: Record<string, string>): Promise<Target> {
  const server = await startProvisorProcess({
    env: {
      ...SESSION_BENCH_ENV,
      ...env,
    },
    // THROUGHPUT_CPU_PROF=<dir>: a V8 CPU profile of the server, written when it stops.
    // THROUGHPUT_NODE_ARGS: more arguments for the server's node (a V8 flag to try, say).
    nodeArgs: [
      ...(process.env.THROUGHPUT_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.THROUGHPUT_CPU_PROF}`]
        : []),
      ...(process.env.THROUGHPUT_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
  pinServer(server.child.pid!);
  // Register every router once (and warm up).
  const warm = await runLoad({
    url: server.url,
    connections: 32,
    durationMs: 600_000,
    bodies,
    maxSessions: DEVICES,
  });
  if (warm.failures > 0) throw new Error(`${warm.failures} sessions failed while registering the routers`);
  if (env.DATABASE_URL?.startsWith('postgres')) await analyze(env.DATABASE_URL);
  return { name: `Provisor (${label})`, url: server.url, pid: server.child.pid!, stop: server.stop };
}

async function startLimit(keepAlive: boolean): Promise<Target> {
  // With the server's own flags: the same Node for both.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', join(here, 'limit-server.ts')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LIMIT_KEEP_ALIVE: keepAlive ? '1' : '0' },
    },
  );
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  pinServer(child.pid!);
  const url = `http://127.0.0.1:${line.toString().trim()}`;
  await runLoad({ url, connections: 32, durationMs: 2000, bodies });
  return {
    name: keepAlive ? 'limit server, connection kept across sessions' : 'limit server (node:http)',
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

pinLoad();
console.log(pinNote());
// The limit: the same sessions, ended with Connection: close as Provisor (like GenieACS) ends them,
// so each session is a new TCP connection on both sides. For reference, the same server keeping the
// connection from one session to the next, which no CWMP session does.
const targets: Target[] = [await startLimit(false), await startLimit(true)];
const rows: Row[] = [];
try {
  targets.push(await startProvisor('SQLite', {}));
  const pgUrl = await sessionBenchDatabase('provisor_bench');
  if (pgUrl) targets.push(await startProvisor('PostgreSQL', { DATABASE_URL: pgUrl }));
  const measured = await peaks(targets);
  for (const [i, peak] of measured.entries()) {
    rows.push(peak);
    // Latency at 80% of Provisor's peak rate, at the peak's number of connections.
    if (i >= 2)
      rows.push(
        await measure(
          { ...targets[i]!, name: `${peak.target} at 80% of peak` },
          peak.connections,
          0.8 * rate(peak),
        ),
      );
  }
} finally {
  for (const t of targets) await t.stop();
}

const limit = rows[0]!;
const keptLimit = rows[1]!;
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
    'p95 ms': percentile(sorted, 95).toFixed(2),
    'p99 ms': percentile(sorted, 99).toFixed(2),
    'vs limit': (rate(r) / rate(limit)).toFixed(2),
    'vs kept-connection limit': (rate(r) / rate(keptLimit)).toFixed(2),
    // Each round's rate against the limit's in the same round: how far the ratio moved between rounds.
    'vs limit by round': r.rounds
      ? r.rounds.map((x, i) => (x / (limit.rounds?.[i] ?? rate(limit))).toFixed(2)).join(' ')
      : '',
    failures: String(r.result.failures),
  };
});
console.log(
  `${DEVICES} routers, ${DURATION_MS / 1000} s per run, ${ROUNDS} rounds of every target at each of ` +
    `${LEVELS.join(', ')} connections; a level's rate is its median round, the peak the best level`,
);
printTable(table);
for (const r of rows) if (r.levels) console.log(`${r.target}: sessions/s by connections: ${r.levels}`);
console.log(
  `results: ${writeResults('session-throughput', {
    machine: machine(),
    devices: DEVICES,
    connections: LEVELS,
    durationMs: DURATION_MS,
    rounds: ROUNDS,
    rows: table,
    levels: Object.fromEntries(rows.filter((r) => r.levels).map((r) => [r.target, r.levels])),
  })}`,
);
