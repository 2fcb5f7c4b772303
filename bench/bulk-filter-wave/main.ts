// Issue 16: a bulk set-parameters by filter on 10,000 simulated routers, started with the call the
// Provisioning screen makes for "all N matching" (POST /api/provisioning/bulk/set-parameters with
// `filter`), watched through GET /api/provisioning/operations/:id until every job has finished.
// Same setup as provisioning-wave (server and simulator in their own processes), so the two compare.
import { loadavg } from 'node:os';
import { machine, printTable, writeResults } from '../lib/measure';
import { startWaveFleet } from '../lib/wave-fleet';

const COUNT = Number(process.env.FILTER_WAVE_COUNT ?? 10_000);

interface Operation {
  id: string;
  total: number;
  pending: number;
  running: number;
  completed: number;
  failed: number;
}

const fleet = await startWaveFleet(COUNT, 'FWAVE{i:05}');
try {
  const { api } = fleet;
  const filter = { search: 'FWAVE', status: 'online' };
  const bootStart = performance.now();
  for (;;) {
    // Every router has informed, is online with no job left (its connection-request credentials
    // set), and the simulator has seen every bootstrap through.
    const online = await api<{ total: number }>('/api/devices?limit=1&search=FWAVE&status=online');
    const jobs = await api<{ pending: number; running: number }>('/api/provisioning/stats');
    if (online.total >= COUNT && fleet.status().sessionsOk >= COUNT && jobs.pending + jobs.running === 0)
      break;
    if (performance.now() - bootStart > 900_000)
      throw new Error(`only ${online.total} of ${COUNT} routers came up`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const bootSeconds = (performance.now() - bootStart) / 1000;

  const before = fleet.status();
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
  await fleet.settle();
  const last = fleet.status();
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
  await fleet.stop();
}
