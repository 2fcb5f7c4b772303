// The soak's fleet: the project's simulator (`npm run sim`) in its own process, its routers on the
// built-in TR-181 model informing every `intervalS` seconds; its status line read for its counters.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface FleetStatus {
  sessionsOk: number;
  failed: number;
  crAccepted: number;
}

export function startFleet(acsUrl: string, count: number, intervalS: number) {
  let last: FleetStatus = { sessionsOk: 0, failed: 0, crAccepted: 0 };
  const sim = spawn(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [
      join(repoRoot, 'packages/sim/src/cli.ts'),
      ...['--acs', `${acsUrl}/`, '--count', String(count), '--model', 'tr181', '--serial', 'SOAK{i:05}'],
      ...['--interval', String(intervalS), '--max-sessions', '64', '--status-every', '1'],
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  sim.stdout!.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) {
      const m = /sessions ok (\d+) · failed (\d+).*conn\. requests (\d+) accepted/.exec(line);
      if (m) last = { sessionsOk: Number(m[1]), failed: Number(m[2]), crAccepted: Number(m[3]) };
    }
  });
  return {
    status: (): FleetStatus => ({ ...last }),
    async stop() {
      if (sim.exitCode !== null) return;
      sim.kill('SIGINT');
      await new Promise((r) => sim.once('exit', r));
    },
  };
}
