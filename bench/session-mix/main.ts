// Issue 24, target 1: the realistic session mix. Periodic Informs of 20 to 40 parameters, 1 in 10 a
// `4 VALUE CHANGE` with a new value, 1 session in 20 running a job (a SetParameterValues of 5
// parameters), 1 in 200 a GetParameterValues of a 300-parameter subtree (see mix.ts). Measured in
// one run against a limit server playing the same exchanges canned (limit-server.ts) and Provisor on
// SQLite and on PostgreSQL, in rounds (every target in turn), each at its peak and paced at 80% of it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';
import { pinLoad, pinNote, pinServer } from '../lib/pin';
import { roundPeaks, runRate, type RoundRow, type RoundTarget } from '../lib/rounds';
import { sessionBenchDatabase } from '../lib/postgres';
import { SESSION_BENCH_ENV } from '../lib/provisor-server';
import { SERVER_NODE_FLAGS } from '../../packages/server/src/node-flags';
import { PEAK_LEVELS, percentile, runLoad, startCpuAccount } from '../session-throughput/load';
import { prepareMixServer } from './prepare';
import { mixRouters, mixTemplates, type MixCounts } from './router';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
// Enough routers that no run of Provisor (every round's, one for each number of connections in
// PEAK_LEVELS, and the paced run after them) meets a router twice: each job runs once, at the
// router's first session after the jobs were created. The load generator holds every router's
// Informs, built once (about 10 KB a router).
const DEVICES = Number(process.env.MIX_DEVICES ?? 120_000);
const DURATION_MS = Number(process.env.THROUGHPUT_SECONDS ?? 4) * 1000;
/**
 * Rounds of runs, as in session-throughput: in each round every target runs once at each number of
 * connections, one after another, so that a change in the shared machine's speed falls on every
 * target alike instead of on whichever ran in that minute.
 */
const ROUNDS = Number(process.env.THROUGHPUT_ROUNDS ?? 3);
const templates = mixTemplates(DEVICES);

interface Row extends RoundRow {
  counts: MixCounts;
}

/** A server under measurement, and where its next run goes on in the routers. */
interface Target extends RoundTarget {
  /** Each router once (Provisor: its jobs run once); the limit answers a router's every session alike. */
  once: boolean;
  next: number;
}

const rate = runRate;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;

/** One run of `target`, going on where its last stopped. */
async function measure(target: Target, connections: number, pace?: number): Promise<Row> {
  const routers = mixRouters(templates);
  const account = startCpuAccount(target.pid);
  const left = DEVICES - target.next;
  const result = await runLoad({
    url: target.url,
    durationMs: DURATION_MS,
    bodies: routers.bodies,
    session: routers.session,
    connections,
    startAt: target.next,
    ...(target.once ? { maxSessions: left } : {}),
    ...(pace ? { rate: pace } : {}),
  });
  if (target.once && result.next - target.next >= left)
    throw new Error(`MIX_DEVICES=${DEVICES} is too few routers for the runs of ${target.name}`);
  target.next = result.next;
  if (routers.counts.unexpected.length > 0)
    console.log(`${target.name}: unexpected messages`, routers.counts.unexpected);
  return { target: target.name, result, cpu: account(result.sessions), counts: routers.counts, connections };
}

/** Every target's peak, round by round (../lib/rounds.ts). */
function peaks(targets: readonly Target[]): Promise<Row[]> {
  return roundPeaks(targets, {
    rounds: ROUNDS,
    levels: PEAK_LEVELS,
    run: (target, connections) => measure(target, connections),
  });
}

async function startLimit(): Promise<Target> {
  // With the server's own flags: the same Node for both.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', join(here, 'limit-server.ts')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  pinServer(child.pid!);
  const url = `http://127.0.0.1:${line.toString().trim()}`;
  const warm = mixRouters(templates);
  await runLoad({ url, connections: 32, durationMs: 2000, bodies: warm.bodies, session: warm.session });
  return {
    name: 'limit server (canned exchanges)',
    url,
    pid: child.pid!,
    once: false,
    next: 0,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Provisor with every router registered and the jobs made, ready for the rounds. */
async function startProvisor(label: string, env: Record<string, string>): Promise<Target> {
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
    await prepareMixServer(server.url, { label, templates, devices: DEVICES, databaseUrl: env.DATABASE_URL });
  } catch (err) {
    await server.stop();
    throw err;
  }
  return {
    name: `Provisor (${label})`,
    url: server.url,
    pid: server.child.pid!,
    once: true,
    next: 0,
    stop: server.stop,
  };
}

pinLoad();
console.log(pinNote());
console.log(`load average before: ${loadAverage()}`);
const targets: Target[] = [await startLimit()];
const rows: Row[] = [];
try {
  targets.push(await startProvisor('SQLite', {}));
  const pgUrl = await sessionBenchDatabase('provisor_mix');
  if (pgUrl) targets.push(await startProvisor('PostgreSQL', { DATABASE_URL: pgUrl }));
  const measured = await peaks(targets);
  for (const [i, peak] of measured.entries()) {
    rows.push(peak);
    // Latency at 80% of Provisor's peak rate, at the peak's number of connections, going on from
    // where its last run stopped (every session still a router's first since the jobs were made).
    if (i >= 1) {
      const paced = await measure(targets[i]!, peak.connections, 0.8 * rate(peak));
      rows.push({ ...paced, target: `${peak.target} at 80% of peak` });
    }
  }
} finally {
  for (const t of targets) await t.stop();
}

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
    // Each round's rate against the limit's in the same round: how far the ratio moved between rounds.
    'vs limit by round': r.rounds
      ? r.rounds.map((x, i) => (x / (limit.rounds?.[i] ?? rate(limit))).toFixed(2)).join(' ')
      : '',
    'VALUE CHANGE ‰': perThousand(r.counts.valueChanges, r),
    'SPV ‰': perThousand(r.counts.sets, r),
    'GPV ‰': perThousand(r.counts.gets, r),
    failures: String(r.result.failures),
  };
});
console.log(
  `${DEVICES} routers, ${DURATION_MS / 1000} s per run, ${ROUNDS} rounds of every target at each of ` +
    `${PEAK_LEVELS.join(', ')} connections; a level's rate is its median round, the peak the best level`,
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
    rounds: ROUNDS,
    rows: table,
    levels: Object.fromEntries(rows.filter((r) => r.levels).map((r) => [r.target, r.levels])),
  })}`,
);
