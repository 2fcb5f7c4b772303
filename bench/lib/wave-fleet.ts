// A wave's setup, shared by provisioning-wave and bulk-filter-wave: Provisor and the simulator in
// their own processes, as in a real deployment (connection requests unthrottled, 200 at once), the
// simulator's routers on the built-in TR-181 model, 256 sessions at once, and its status line read
// for sessions and connection requests.
import { spawn } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';

const PASSWORD = 'bench-admin-password';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface SimStatus {
  sessionsOk: number;
  failed: number;
  crAccepted: number;
  /** Routers in a session right now, and connection requests refused as busy so far. */
  inSession: number;
  crBusy: number;
}

/** `count` routers with serials from `serialTemplate` (e.g. 'WAVE{i:05}') against a new server. */
export async function startWaveFleet(count: number, serialTemplate: string) {
  // WAVE_CPU_PROF=<dir>: V8 CPU profiles of the server (<dir>) and the simulator (<dir>/sim).
  // WAVE_LOG_LEVEL: the server's log level (error by default; debug logs every connection request).
  const profileDir = process.env.WAVE_CPU_PROF;
  const server = await startProvisorProcess({
    env: {
      PROVISOR_ADMIN_PASSWORD: PASSWORD,
      PROVISOR_WEB_DIST: '',
      PROVISOR_LOG_LEVEL: process.env.WAVE_LOG_LEVEL ?? 'error',
      PROVISOR_CR_MIN_INTERVAL_MS: '0',
      PROVISOR_CR_CONCURRENCY: '200',
      // An established fleet: its trees were read long before the wave. With discovery on, every
      // router's first sessions read its whole tree in the background (discover-tree), and the
      // wave's sessions would carry those reads too (bootstrap-storm measures them).
      PROVISOR_DISCOVER_TREE: 'false',
    },
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
  });
  let last: SimStatus = { sessionsOk: 0, failed: 0, crAccepted: 0, inSession: 0, crBusy: 0 };
  const sim = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/sim`] : []),
      '--import',
      'tsx',
      join(repoRoot, 'packages/sim/src/cli.ts'),
      ...[
        '--acs',
        `${server.url}/`,
        '--count',
        String(count),
        '--model',
        'tr181',
        '--serial',
        serialTemplate,
      ],
      ...['--interval', '3600', '--max-sessions', '256', '--status-every', '0.2'],
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  sim.stdout!.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) {
      const m =
        /sessions ok (\d+) · failed (\d+) · in session (\d+).*conn\. requests (\d+) accepted, (\d+) busy/.exec(
          line,
        );
      if (m)
        last = {
          sessionsOk: Number(m[1]),
          failed: Number(m[2]),
          inSession: Number(m[3]),
          crAccepted: Number(m[4]),
          crBusy: Number(m[5]),
        };
    }
  });
  const stop = async () => {
    sim.kill('SIGINT');
    await new Promise((r) => sim.once('exit', r));
    // WAVE_KEEP=<dir>: the server's database and its log (server.log) kept there, to read afterwards.
    const keep = process.env.WAVE_KEEP;
    if (keep) {
      cpSync(server.dir, keep, { recursive: true });
      writeFileSync(join(keep, 'server.log'), server.output());
    }
    await server.stop();
  };
  try {
    return {
      api: await apiClient(server.url, 'admin', PASSWORD),
      /** The server's base URL and the admin's password (for calls the JSON client cannot make). */
      url: server.url,
      password: PASSWORD,
      /** Process ids, for the CPU each uses (bench/session-throughput/load.ts cpuSeconds). */
      serverPid: server.child.pid!,
      simPid: sim.pid!,
      /** The simulator's latest counters. */
      status: (): SimStatus => ({ ...last }),
      /** Waits for one more status line from the simulator (it prints every 0.2 s). */
      settle: () => new Promise((r) => setTimeout(r, 400)),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
