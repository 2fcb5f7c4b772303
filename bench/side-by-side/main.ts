// Two Provisor servers loaded with the session mix at the same time, run after run: a way to tell
// apart two versions, or two settings, whose difference is smaller than this host's drift. Run one at
// a time, the same code's CPU a session moved by up to 25% from run to run here (bench/README.md,
// session-mix); side by side, every slow moment of the host falls on both.
//
// Each side is this checkout's server unless told otherwise:
//   SIDE_A_ROOT, SIDE_B_ROOT            another checkout (its own node_modules), e.g. a git worktree
//   SIDE_A_NODE_ARGS, SIDE_B_NODE_ARGS  more flags for its node, e.g. --max-semi-space-size=64
//   SIDE_A_ENV, SIDE_B_ENV              more environment, e.g. "PROVISOR_CWMP_SHED_LAG_MS=500"
//   SIDE_DEVICES (70,000), SIDE_RUNS (8, after a warm-up run), SIDE_SECONDS (6), SIDE_CONNECTIONS (64 a side)
// With neither side changed, it measures the noise itself (an A/A run). Each side has its own SQLite
// database; the load generator is this process, for both. Prints, run by run, each side's sessions a
// second and its server's CPU a session, then how many runs B answered more sessions, and the median
// of B's CPU a session over A's.
import { startProvisorProcess, type ProvisorProcess } from '../../test-support/provisor-process';
import { machine, writeResults } from '../lib/measure';
import { SESSION_BENCH_ENV } from '../lib/provisor-server';
import { runLoad, startCpuAccount } from '../session-throughput/load';
import { prepareMixServer } from '../session-mix/prepare';
import { mixRouters, mixTemplates } from '../session-mix/router';

const DEVICES = Number(process.env.SIDE_DEVICES ?? 70_000);
const RUNS = Number(process.env.SIDE_RUNS ?? 8);
const SECONDS = Number(process.env.SIDE_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.SIDE_CONNECTIONS ?? 64);
const templates = mixTemplates(DEVICES);

interface Side {
  name: string;
  server: ProvisorProcess;
  next: number;
}

/** NAME=value pairs, separated by spaces. */
function envOf(text: string | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of (text ?? '').split(' ').filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`"${pair}" is not NAME=value (in SIDE_A_ENV or SIDE_B_ENV)`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

async function startSide(side: 'A' | 'B'): Promise<Side> {
  const root = process.env[`SIDE_${side}_ROOT`];
  const nodeArgs = process.env[`SIDE_${side}_NODE_ARGS`]?.split(' ').filter(Boolean) ?? [];
  const env = envOf(process.env[`SIDE_${side}_ENV`]);
  const name = [side, root, ...nodeArgs, ...Object.entries(env).map(([k, v]) => `${k}=${v}`)]
    .filter(Boolean)
    .join(' ');
  const server = await startProvisorProcess({
    env: { ...SESSION_BENCH_ENV, PROVISOR_REWAKE_SECONDS: '86400', ...env },
    nodeArgs,
    ...(root ? { root } : {}),
  });
  try {
    await prepareMixServer(server.url, { label: name, templates, devices: DEVICES });
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { name, server, next: 0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const sides = [await startSide('A'), await startSide('B')];
const runs: { side: string; sessionsPerSecond: number; serverCpuMs: number; failures: number }[][] = [];
try {
  // A first run, not counted: the side registered first had idled longest, and took up to a third
  // more CPU a session than the other in it, in every sitting.
  for (let run = -1; run < RUNS; run++) {
    const accounts = sides.map((s) => startCpuAccount(s.server.child.pid!));
    const results = await Promise.all(
      sides.map((s) => {
        const routers = mixRouters(templates);
        return runLoad({
          url: s.server.url,
          durationMs: SECONDS * 1000,
          bodies: routers.bodies,
          session: routers.session,
          connections: CONNECTIONS,
          startAt: s.next,
          maxSessions: DEVICES - s.next,
        });
      }),
    );
    const row = sides.map((s, i) => {
      const r = results[i]!;
      s.next = r.next;
      return {
        side: s.name,
        sessionsPerSecond: r.sessions / r.seconds,
        serverCpuMs: accounts[i]!(r.sessions).serverMs,
        failures: r.failures,
      };
    });
    if (run >= 0) runs.push(row);
    console.log(
      `${run < 0 ? 'warm-up' : `run ${run}`}: ` +
        row
          .map(
            (r) =>
              `${r.side}: ${r.sessionsPerSecond.toFixed(0)}/s ${(r.serverCpuMs * 1000).toFixed(0)} µs a session, ${r.failures} failed`,
          )
          .join('  |  '),
    );
    if (sides.some((s) => s.next >= DEVICES)) {
      console.log(
        `SIDE_DEVICES=${DEVICES} routers were all used after ${run + 1} runs: give more for more runs`,
      );
      break;
    }
  }
} finally {
  await Promise.all(sides.map((s) => s.server.stop()));
}

const faster = runs.filter(([a, b]) => b!.sessionsPerSecond > a!.sessionsPerSecond).length;
const cpu = median(runs.map(([a, b]) => b!.serverCpuMs / a!.serverCpuMs));
const rate = median(runs.map(([a, b]) => b!.sessionsPerSecond / a!.sessionsPerSecond));
console.log(`\nB answered more sessions a second than A in ${faster} of ${runs.length} runs.`);
console.log(
  `B over A, the median of the runs: sessions a second ${rate.toFixed(3)}, server CPU a session ${cpu.toFixed(3)}.`,
);
const file = writeResults('side-by-side', {
  machine: machine(),
  devices: DEVICES,
  seconds: SECONDS,
  connections: CONNECTIONS,
  sides: sides.map((s) => s.name),
  runs,
  bFaster: faster,
  medianSessionsRatio: rate,
  medianCpuRatio: cpu,
});
console.log(`results: ${file}`);
