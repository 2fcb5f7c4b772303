// Simulator fleet benchmark: 1,000 EG8145V5 devices (the real TR-098 dump in
// ../shared/data/devices) against a minimal ACS in another process. Measures the fleet process's
// RSS and heap after every device has informed, and how long the first informs took.
// Target (issue 4): 1,000 EG8145V5 devices under 500 MB RSS.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startFleet } from '@provisor/sim';
import { sharedDataAvailable, sharedDataPath } from '../../test-support/shared-data';
import { machine, printTable, writeResults } from '../lib/measure';

const COUNT = Number(process.env.SIM_FLEET_COUNT ?? 1000);
const TARGET_MB = 500;

if (!sharedDataAvailable()) {
  console.error(`bench/sim-fleet needs ../shared/data/devices (not found at ${sharedDataPath()}).`);
  process.exit(1);
}

const here = dirname(fileURLToPath(import.meta.url));
const acs = spawn(process.execPath, ['--import', 'tsx', join(here, 'acs.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [portLine] = (await once(acs.stdout, 'data')) as [Buffer];
const acsUrl = `http://127.0.0.1:${portLine.toString().trim()}/`;

const mb = (n: number) => n / 1024 / 1024;
// bench/run.ts starts node without --expose-gc; enable it here so RSS is measured without garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (() => void) | undefined;
gc?.();
const before = process.memoryUsage();
const started = performance.now();
const fleet = await startFleet({
  acsUrl,
  count: COUNT,
  model: 'eg8145v5',
  modelsDir: sharedDataPath('devices'),
  serialTemplate: 'HWTC{i:06}',
  periodicInterval: 3600,
  maxConcurrentSessions: 64,
});
const built = performance.now();
await fleet.waitForSessions(COUNT, 300_000);
const informed = performance.now();
gc?.();
const after = process.memoryUsage();
const stats = fleet.stats();
const params = fleet.devices[0]?.state.tree.size ?? 0;
await fleet.stop();
acs.kill('SIGTERM');
await once(acs, 'exit');

const rssMb = mb(after.rss);
const rows = [
  { measure: 'devices', value: String(COUNT) },
  { measure: 'parameters per device', value: String(params) },
  { measure: 'RSS before fleet (MB)', value: mb(before.rss).toFixed(0) },
  { measure: 'RSS after all informed (MB)', value: rssMb.toFixed(0) },
  { measure: 'heap used after (MB)', value: mb(after.heapUsed).toFixed(0) },
  { measure: 'RSS per device (KB)', value: ((after.rss - before.rss) / COUNT / 1024).toFixed(0) },
  { measure: 'fleet start (ms)', value: (built - started).toFixed(0) },
  { measure: 'all informed after (ms)', value: (informed - started).toFixed(0) },
  { measure: 'sessions ok / failed', value: `${stats.sessionsOk} / ${stats.sessionsFailed}` },
];
printTable(rows);
const met = rssMb < TARGET_MB;
const m = machine();
console.log(
  `\nRSS ${rssMb.toFixed(0)} MB for ${COUNT} EG8145V5 devices (target < ${TARGET_MB} MB: ${met ? 'met' : 'MISSED'}).`,
);
console.log(
  `${m.nproc} x ${m.cpu}, node ${m.node}, ${m.platform}${gc ? '' : ' (no --expose-gc: RSS includes garbage)'}`,
);
const path = writeResults('sim-fleet', {
  benchmark: 'sim-fleet',
  date: new Date().toISOString(),
  machine: m,
  model: 'EG8145V5 (device-eg8145v5-no-voip.csv)',
  devices: COUNT,
  parametersPerDevice: params,
  rssBeforeMb: Number(mb(before.rss).toFixed(1)),
  rssAfterMb: Number(rssMb.toFixed(1)),
  rssPerDeviceKb: Math.round((after.rss - before.rss) / COUNT / 1024),
  heapUsedAfterMb: Number(mb(after.heapUsed).toFixed(1)),
  fleetStartMs: Math.round(built - started),
  allInformedMs: Math.round(informed - started),
  sessionsOk: stats.sessionsOk,
  sessionsFailed: stats.sessionsFailed,
  gcBeforeMeasure: gc !== undefined,
  target: { rssMb: TARGET_MB, met },
});
console.log(`wrote ${path}`);
if (!met) process.exitCode = 1;
