// Bulk set-parameters on 1,000 simulated routers (issue 7): the server in its own process, the fleet
// in this one. Measures the time from the bulk call until every job is complete, connection requests
// and sessions per second, and failures.
import { startFleet } from '@provisor/sim';
import { machine, printTable, writeResults } from '../lib/measure';
import { startProvisor } from '../lib/provisor-server';

const COUNT = Number(process.env.BULK_COUNT ?? 1000);

const server = await startProvisor({ PROVISOR_CR_MIN_INTERVAL_MS: '0', PROVISOR_CR_CONCURRENCY: '100' });
const fleet = await startFleet({
  acsUrl: `${server.url}/`,
  count: COUNT,
  model: 'tr181',
  serialTemplate: 'BULK{i:05}',
  periodicInterval: 3600,
  crMinIntervalMs: 0,
  maxConcurrentSessions: 128,
});

interface Devices {
  devices: { id: string; connectionRequestUsername: string }[];
  total: number;
}
const ready = performance.now();
let devices: Devices['devices'];
for (;;) {
  const page = await server.api<Devices>(`/api/devices?limit=1000`);
  devices = page.devices;
  if (page.total >= COUNT && devices.every((d) => d.connectionRequestUsername)) break;
  if (performance.now() - ready > 120_000)
    throw new Error(`only ${page.total} of ${COUNT} routers registered`);
  await new Promise((r) => setTimeout(r, 250));
}
const bootstrapS = (performance.now() - ready) / 1000;

const sessionsBefore = fleet.stats().sessionsOk;
const acceptedBefore = fleet.stats().connectionRequests.accepted;
const started = performance.now();
await server.api('/api/provisioning/bulk/set-parameters', {
  deviceIds: devices.map((d) => d.id),
  parameters: [
    { name: 'Device.Time.NTPServer1', value: 'hr.pool.ntp.org', type: 'xsd:string' },
    { name: 'Device.WiFi.SSID.1.SSID', value: 'GT_Bench', type: 'xsd:string' },
    { name: 'Device.ManagementServer.PeriodicInformInterval', value: '600', type: 'xsd:unsignedInt' },
  ],
});
let stats: { completed: number; failed: number; pending: number; running: number };
for (;;) {
  stats = await server.api('/api/provisioning/stats');
  if (stats.completed + stats.failed >= COUNT) break;
  if (performance.now() - started > 300_000) break;
  await new Promise((r) => setTimeout(r, 100));
}
const seconds = (performance.now() - started) / 1000;
const sessions = fleet.stats().sessionsOk - sessionsBefore;
// Accepted connection requests; each also cost a 401 Digest challenge round trip.
const crs = fleet.stats().connectionRequests.accepted - acceptedBefore;
const applied = fleet.devices.filter((d) => d.getValue('Device.WiFi.SSID.1.SSID') === 'GT_Bench').length;
await fleet.stop();
await server.stop();

const rows = [
  {
    routers: String(COUNT),
    'bootstrap (s)': bootstrapS.toFixed(1),
    'all jobs done (s)': seconds.toFixed(2),
    'jobs/s': (stats.completed / seconds).toFixed(0),
    'sessions/s': (sessions / seconds).toFixed(0),
    'conn. requests/s': (crs / seconds).toFixed(0),
    completed: String(stats.completed),
    failed: String(stats.failed),
    'applied on routers': String(applied),
  },
];
printTable(rows);
console.log(
  `results: ${writeResults('bulk-set-parameters', { machine: machine(), count: COUNT, seconds, sessions, connectionRequests: crs, stats, applied })}`,
);
if (stats.completed !== COUNT || applied !== COUNT) process.exit(1);
