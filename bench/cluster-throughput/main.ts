// Issue 20: session throughput through HAProxy (deploy/haproxy.cfg, as shipped) with 1, 2 and 3
// Provisor processes on one PostgreSQL, next to the bare limit server behind the same HAProxy, in one
// run. K clients play routers through the shortest CWMP session (Inform, InformResponse, empty POST,
// 204), as bench/session-throughput does. Per target: sessions/s, latency percentiles, CPU per
// session of the Provisor processes, of HAProxy and of PostgreSQL (read from /proc), and the
// statements (round trips) each session costs (provisor_db_statements_total, summed over the
// processes). From these it prints the sizing for 1,000,000 routers informing every 15 minutes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { haproxyBinary, startCluster, startHaproxy, type ProvisorCluster } from '../../test-support/cluster';
import { machine, printTable, writeResults } from '../lib/measure';
import { benchPostgresUrl, freshPostgresDatabase } from '../lib/postgres';
import {
  cpuSeconds,
  informBody,
  percentile,
  postgresCpuSeconds,
  runLoad,
  type LoadResult,
} from '../session-throughput/load';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
const DEVICES = Number(process.env.THROUGHPUT_DEVICES ?? 10_000);
const CONNECTIONS = Number(process.env.THROUGHPUT_CONNECTIONS ?? 48);
const DURATION_MS = Number(process.env.THROUGHPUT_SECONDS ?? 10) * 1000;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** 1,000,000 routers, each informing every 15 minutes. */
const FLEET = 1_000_000;
const INTERVAL_S = 900;

const bodies = Array.from({ length: DEVICES }, (_, i) => informBody(i + 1));

const cpuOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum;
    }
  }, 0);

async function statements(cluster: ProvisorCluster | null): Promise<number> {
  if (!cluster) return 0;
  let total = 0;
  for (const p of cluster.processes) {
    const text = await (
      await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    total += Number(/^provisor_db_statements_total (\d+)/m.exec(text)?.[1] ?? 0);
  }
  return total;
}

interface Row {
  target: string;
  processes: number;
  result: LoadResult;
  appCpuMs: number;
  haproxyCpuMs: number;
  postgresCpuMs: number;
  statements: number;
}

async function measure(
  target: string,
  url: string,
  pids: { app: number[]; haproxy: number },
  cluster: ProvisorCluster | null,
  rate?: number,
): Promise<Row> {
  const before = {
    app: cpuOf(pids.app),
    haproxy: cpuOf([pids.haproxy]),
    pg: postgresCpuSeconds(),
    statements: await statements(cluster),
  };
  const result = await runLoad({
    url,
    connections: CONNECTIONS,
    durationMs: DURATION_MS,
    bodies,
    ...(rate ? { rate } : {}),
  });
  const per = (seconds: number) => (seconds * 1000) / Math.max(1, result.sessions);
  return {
    target,
    processes: pids.app.length,
    result,
    appCpuMs: per(cpuOf(pids.app) - before.app),
    haproxyCpuMs: per(cpuOf([pids.haproxy]) - before.haproxy),
    postgresCpuMs: per(postgresCpuSeconds() - before.pg),
    statements: ((await statements(cluster)) - before.statements) / Math.max(1, result.sessions),
  };
}

async function limitRun(): Promise<Row> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'bench', 'session-throughput', 'limit-server.ts')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LIMIT_KEEP_ALIVE: '0' },
    },
  );
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  try {
    haproxy = await startHaproxy([`127.0.0.1:${line.toString().trim()}`]);
    await runLoad({ url: haproxy.url, connections: CONNECTIONS, durationMs: 2000, bodies });
    return await measure(
      'limit server behind HAProxy',
      haproxy.url,
      { app: [child.pid!], haproxy: haproxy.child.pid! },
      null,
    );
  } finally {
    await haproxy?.stop();
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

/** Gathers statistics (as autovacuum would); answers the database's size in bytes. */
async function analyze(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
    const r = await client.query<{ size: string }>('select pg_database_size(current_database()) as size');
    return Number(r.rows[0]!.size);
  } finally {
    await client.end();
  }
}

let databaseBytes = 0;

async function clusterRun(count: number, databaseUrl: string, first: boolean): Promise<Row[]> {
  const cluster = await startCluster({
    count,
    databaseUrl,
    env: {
      PROVISOR_ADMIN_PASSWORD: 'bench-admin-password',
      PROVISOR_WEB_DIST: '',
      PROVISOR_LOG_LEVEL: 'error',
      PROVISOR_CR_SET_CREDENTIALS: 'false',
      PROVISOR_DISCOVER_TREE: 'false',
      PROVISOR_METRICS_TOKEN: METRICS_TOKEN,
    },
  });
  try {
    if (first) {
      // Register every router once, then let PostgreSQL plan with statistics (as autovacuum would).
      const warm = await runLoad({
        url: cluster.url,
        connections: CONNECTIONS,
        durationMs: 600_000,
        bodies,
        maxSessions: DEVICES,
      });
      if (warm.failures > 0)
        throw new Error(`${warm.failures} sessions failed while registering the routers`);
      databaseBytes = await analyze(databaseUrl);
    } else await runLoad({ url: cluster.url, connections: CONNECTIONS, durationMs: 2000, bodies });
    const pids = { app: cluster.processes.map((p) => p.child.pid!), haproxy: cluster.haproxy.child.pid! };
    const label = `Provisor × ${count} behind HAProxy`;
    const peak = await measure(label, cluster.url, pids, cluster);
    const paced = await measure(
      `${label} at 80% of peak`,
      cluster.url,
      pids,
      cluster,
      0.8 * (peak.result.sessions / peak.result.seconds),
    );
    return [peak, paced];
  } finally {
    await cluster.stop();
  }
}

if (!haproxyBinary()) {
  console.log('cluster-throughput: skipped (HAProxy is not installed: apt-get install haproxy)');
  process.exit(0);
}
const pgBase = benchPostgresUrl('54339');
if (!pgBase) {
  console.log(
    'cluster-throughput: skipped (no PostgreSQL: set PROVISOR_TEST_POSTGRES_URL or install its server)',
  );
  process.exit(0);
}
const databaseUrl = await freshPostgresDatabase(pgBase, 'provisor_cluster_bench');
const rows: Row[] = [await limitRun()];
for (const count of [1, 2, 3]) rows.push(...(await clusterRun(count, databaseUrl, count === 1)));

const rate = (r: Row) => r.result.sessions / r.result.seconds;
const limit = rows[0]!;
const table = rows.map((r) => {
  const sorted = [...r.result.latenciesMs].sort((a, b) => a - b);
  return {
    target: r.target,
    'sessions/s': rate(r).toFixed(0),
    'vs limit': (rate(r) / rate(limit)).toFixed(2),
    'p50 ms': percentile(sorted, 50).toFixed(2),
    'p99 ms': percentile(sorted, 99).toFixed(2),
    'app CPU ms/session': r.appCpuMs.toFixed(3),
    'HAProxy CPU ms/session': r.haproxyCpuMs.toFixed(3),
    'PostgreSQL CPU ms/session': r.postgresCpuMs.toFixed(3),
    'statements/session': r.statements.toFixed(2),
    failures: String(r.result.failures),
  };
});
console.log(`${DEVICES} routers, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per run`);
printTable(table);

// Sizing: the steady rate of a fleet, and what each part costs per session at peak.
const peaks = rows.filter((r) => r.processes > 0 && !r.target.includes('80%') && r !== limit);
const best = peaks.reduce((a, b) => (b.appCpuMs < a.appCpuMs ? b : a));
const need = FLEET / INTERVAL_S;
const sizing = {
  'sessions/s needed': need.toFixed(0),
  'app CPU ms/session (best run)': best.appCpuMs.toFixed(3),
  'app cores needed': ((need * best.appCpuMs) / 1000).toFixed(2),
  'PostgreSQL CPU ms/session': best.postgresCpuMs.toFixed(3),
  'PostgreSQL cores needed': ((need * best.postgresCpuMs) / 1000).toFixed(2),
  'statements/s at PostgreSQL': (need * best.statements).toFixed(0),
  'HAProxy cores needed': ((need * best.haproxyCpuMs) / 1000).toFixed(2),
  'database bytes/router (these routers)': (databaseBytes / DEVICES).toFixed(0),
};
console.log(`sizing for ${FLEET.toLocaleString('en')} routers informing every ${INTERVAL_S / 60} minutes:`);
printTable([sizing]);
console.log(
  `results: ${writeResults('cluster-throughput', {
    machine: machine(),
    devices: DEVICES,
    connections: CONNECTIONS,
    durationMs: DURATION_MS,
    rows: table,
    sizing,
  })}`,
);
