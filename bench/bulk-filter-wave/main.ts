// Issue 16: a bulk set-parameters by filter on 10,000 simulated routers, started with the call the
// Provisioning screen makes for "all N matching" (POST /api/provisioning/bulk/set-parameters with
// `filter`), watched through GET /api/provisioning/operations/:id until every job has finished.
// Same setup as provisioning-wave (server and simulator in their own processes), so the two compare.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';

const COUNT = Number(process.env.FILTER_WAVE_COUNT ?? 10_000);
const PASSWORD = 'bench-admin-password';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface SimStatus {
  sessionsOk: number;
  failed: number;
  crAccepted: number;
}
interface Operation {
  id: string;
  total: number;
  pending: number;
  running: number;
  completed: number;
  failed: number;
}

const server = await startProvisorProcess({
  env: {
    PROVISOR_ADMIN_PASSWORD: PASSWORD,
    PROVISOR_WEB_DIST: '',
    PROVISOR_LOG_LEVEL: 'error',
    PROVISOR_CR_MIN_INTERVAL_MS: '0',
    PROVISOR_CR_CONCURRENCY: '200',
  },
});
let last: SimStatus = { sessionsOk: 0, failed: 0, crAccepted: 0 };
const sim = spawn(
  join(repoRoot, 'node_modules', '.bin', 'tsx'),
  [
    join(repoRoot, 'packages/sim/src/cli.ts'),
    ...['--acs', `${server.url}/`, '--count', String(COUNT), '--model', 'tr181', '--serial', 'FWAVE{i:05}'],
    ...['--interval', '3600', '--max-sessions', '256', '--status-every', '0.2'],
  ],
  { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
);
sim.stdout!.on('data', (d: Buffer) => {
  for (const line of d.toString().split('\n')) {
    const m = /sessions ok (\d+) · failed (\d+).*conn\. requests (\d+) accepted/.exec(line);
    if (m) last = { sessionsOk: Number(m[1]), failed: Number(m[2]), crAccepted: Number(m[3]) };
  }
});

try {
  const api = await apiClient(server.url, 'admin', PASSWORD);
  const filter = { search: 'FWAVE', status: 'online' };
  const bootStart = performance.now();
  for (;;) {
    // Every router has informed, is online with no job left (its connection-request credentials
    // set), and the simulator has seen every bootstrap through.
    const online = await api<{ total: number }>('/api/devices?limit=1&search=FWAVE&status=online');
    const jobs = await api<{ pending: number; running: number }>('/api/provisioning/stats');
    if (online.total >= COUNT && last.sessionsOk >= COUNT && jobs.pending + jobs.running === 0) break;
    if (performance.now() - bootStart > 900_000)
      throw new Error(`only ${online.total} of ${COUNT} routers came up`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const bootSeconds = (performance.now() - bootStart) / 1000;

  const before = { ...last };
  const load = loadavg()[0]!;
  const started = performance.now();
  const answer = await api<{ operationId: string; created: number; failed: number }>(
    '/api/provisioning/bulk/set-parameters',
    {
      filter,
      parameters: [
        { name: 'Device.WiFi.SSID.1.SSID', value: 'Provisor-Filter-Wave' },
        { name: 'Device.ManagementServer.PeriodicInformInterval', value: '3600', type: 'xsd:unsignedInt' },
      ],
    },
  );
  const callSeconds = (performance.now() - started) / 1000;
  if (answer.created !== COUNT) throw new Error(`the filter made ${answer.created} jobs, not ${COUNT}`);
  let op: Operation;
  for (;;) {
    op = await api<Operation>(`/api/provisioning/operations/${answer.operationId}`);
    if (op.completed + op.failed >= COUNT || performance.now() - started > 600_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = loadavg()[0]!;
  await new Promise((r) => setTimeout(r, 400)); // one more status line from the simulator
  const sessions = last.sessionsOk - before.sessionsOk;
  const crs = last.crAccepted - before.crAccepted;
  const rows = [
    {
      routers: String(COUNT),
      'boot (s)': bootSeconds.toFixed(1),
      'bulk call (s)': callSeconds.toFixed(2),
      'all complete (s)': seconds.toFixed(1),
      'jobs/s': (op.completed / seconds).toFixed(0),
      'sessions/s': (sessions / seconds).toFixed(0),
      'conn. requests/s': (crs / seconds).toFixed(0),
      completed: String(op.completed),
      failed: String(op.failed),
      'load avg (1 min) before/after': `${load.toFixed(1)}/${loadAfter.toFixed(1)}`,
    },
  ];
  printTable(rows);
  console.log(
    `results: ${writeResults('bulk-filter-wave', { machine: machine(), count: COUNT, seconds, sessions, connectionRequests: crs, operation: op, load: [load, loadAfter], rows })}`,
  );
} finally {
  sim.kill('SIGINT');
  await new Promise((r) => sim.once('exit', r));
  await server.stop();
}
