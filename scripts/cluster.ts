// `npm run cluster [-- N]`: N Provisor processes (3 by default) on the PostgreSQL of DATABASE_URL,
// on ports 3031 and up, behind HAProxy on port 3029 with deploy/haproxy.cfg, for trying the
// scale-out locally (README "Running several processes"). Ctrl-C stops them all.
import { startCluster } from '../test-support/cluster';

const count = Number(process.argv[2] ?? '3');
const databaseUrl = process.env.DATABASE_URL ?? '';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!Number.isInteger(count) || count < 1 || count > 16)
  fail(`The number of processes must be a whole number from 1 to 16; got "${process.argv[2]}".`);
if (!databaseUrl.startsWith('postgres://') && !databaseUrl.startsWith('postgresql://'))
  fail(
    'Several processes share one PostgreSQL database: set DATABASE_URL, e.g.\n' +
      '  DATABASE_URL=postgres://provisor:secret@127.0.0.1:5432/provisor npm run cluster',
  );

const cluster = await startCluster({
  count,
  databaseUrl,
  ports: Array.from({ length: count }, (_, i) => 3031 + i),
  frontPort: Number(process.env.PORT ?? 3029),
  // Each request is logged at info: warn keeps the terminal readable (PROVISOR_LOG_LEVEL=info for all).
  env: { PROVISOR_LOG_LEVEL: process.env.PROVISOR_LOG_LEVEL ?? 'warn' },
});
const firstStart = cluster.processes[0]!.output()
  .split('\n')
  .find((l) => l.includes('First start: created user'));
if (firstStart) console.log(firstStart);
console.log(`Provisor: ${count} processes behind HAProxy at ${cluster.url} (console, API and CWMP)`);
for (const p of cluster.processes) console.log(`  process ${p.child.pid} at ${p.url}`);
console.log(`  files in ${cluster.filesDir}; Ctrl-C stops them all`);
for (const p of cluster.processes) {
  p.child.stdout?.on('data', (d: Buffer) => process.stdout.write(`[${p.port}] ${d.toString()}`));
  p.child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${p.port}] ${d.toString()}`));
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
