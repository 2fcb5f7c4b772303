// Issue 24, target 4: one million devices on PostgreSQL. Seeds a fresh database with the server's own
// migrations and set-based SQL (generate_series), starts the real server on it and measures from
// outside: the device list's first page, a search, a status filter, deep pages (by offset and by
// cursor: after=/before=, issue 24) and /api/stats (p50 and p95), one bulk set-parameters by filter over 100,000 devices (until the call answers with every
// job created), and the server's RSS before and after it.
// Targets: every p95 under 50 ms; the bulk call under 10 s; RSS under 500 MB.
//
// MILLION_DEVICES      devices to seed (default 1,000,000; e.g. 100000 while developing)
// MILLION_ROUNDS       timed requests per query (default 200)
// MILLION_AFTER_ROUNDS timed requests per deep page again after the bulk call (default 100)
// MILLION_DATABASE_URL reuse a database seeded by an earlier run (its URL is printed); it is not
//                      dropped. Its jobs and bulk operations are deleted first so runs compare.
// MILLION_KEEP=1       keep the database this run seeds (and print its URL) instead of dropping it
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../packages/server/src/db/database';
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';
import { benchPostgresUrl, freshPostgresDatabase } from '../lib/postgres';
import { cpuSeconds } from '../session-throughput/load';

const DEVICES = Number(process.env.MILLION_DEVICES ?? 1_000_000);
const ROUNDS = Number(process.env.MILLION_ROUNDS ?? 200);
const AFTER_ROUNDS = Number(process.env.MILLION_AFTER_ROUNDS ?? 100);
const PASSWORD = 'bench-admin-password';
/** Ten models, one device in ten each: a search for one product class matches 10% of the fleet. */
const MODELS = [
  ['00259E', 'EG8145V5', 'Huawei'],
  ['00259E', 'EG8145X6', 'Huawei'],
  ['00259E', 'HG8245Q2', 'Huawei'],
  ['1C61B4', 'Device2', 'TP-Link'],
  ['1C61B4', 'ArcherVR600', 'TP-Link'],
  ['202BC1', 'BM632w', 'Broadcom'],
  ['3C9066', 'F680', 'ZTE'],
  ['3C9066', 'F670L', 'ZTE'],
  ['A0B549', 'FritzBox7590', 'AVM'],
  ['E8F724', 'GRX5000', 'Genexis'],
] as const;
const BULK_MODEL = 'HG8245Q2';

const load1 = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Seeds `url` (migrated) with `count` devices as after their Informs: set-based, then VACUUM ANALYZE. */
async function seed(url: string, count: number): Promise<void> {
  const handle = openDatabase({ kind: 'postgres', url });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const models = MODELS.map(([oui, pc, maker], i) => `(${i}, '${oui}', '${pc}', '${maker}')`).join(', ');
    // Statuses mixed as the inventory bench does: half online, a sixth each offline, provisioning, error.
    await client.query(`
      insert into devices (id, oui, product_class, serial_number, manufacturer, software_version,
        hardware_version, status, last_inform_at, last_events, external_ip, remote_address,
        connection_request_url, connection_request_username, connection_request_password,
        periodic_inform_interval, created_at, updated_at)
      select gen_random_uuid()::text, m.oui, m.pc, 'HWTC' || lpad(n::text, 8, '0'), m.maker,
        'V5R020C00S' || (n % 300), '15AD.A',
        (array['online','online','online','offline','provisioning','error'])[n % 6 + 1],
        to_char((now() - make_interval(secs => n % 3600)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        '["2 PERIODIC"]',
        '100.' || ((n >> 16) & 255) || '.' || ((n >> 8) & 255) || '.' || (n & 255),
        '100.' || ((n >> 16) & 255) || '.' || ((n >> 8) & 255) || '.' || (n & 255),
        'http://10.' || ((n >> 16) & 255) || '.' || ((n >> 8) & 255) || '.' || (n & 255) || ':7547/',
        'cr-' || n, 'cr-secret',
        300, to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      from generate_series(0, ${count - 1}) n join (values ${models}) m(i, oui, pc, maker) on m.i = n % ${MODELS.length}`);
    // A small parameter tree per device, as after a first Inform.
    await client.query(`
      insert into device_parameters (device_id, parameters)
      select id, json_build_object(
        'InternetGatewayDevice.DeviceInfo.Manufacturer', json_build_object('value', manufacturer, 'type', 'xsd:string'),
        'InternetGatewayDevice.DeviceInfo.SerialNumber', json_build_object('value', serial_number, 'type', 'xsd:string'),
        'InternetGatewayDevice.DeviceInfo.SoftwareVersion', json_build_object('value', software_version, 'type', 'xsd:string'),
        'InternetGatewayDevice.DeviceInfo.HardwareVersion', json_build_object('value', hardware_version, 'type', 'xsd:string'),
        'InternetGatewayDevice.ManagementServer.ConnectionRequestURL', json_build_object('value', connection_request_url, 'type', 'xsd:string'),
        'InternetGatewayDevice.ManagementServer.PeriodicInformInterval', json_build_object('value', '300', 'type', 'xsd:unsignedInt'),
        'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.ExternalIPAddress', json_build_object('value', external_ip, 'type', 'xsd:string'),
        'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID', json_build_object('value', 'GT_' || serial_number, 'type', 'xsd:string')
      )::text from devices`);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** Removes what an earlier run's bulk call left, so a reused database starts as seeded. */
async function resetJobs(url: string): Promise<void> {
  const handle = openDatabase({ kind: 'postgres', url });
  try {
    await sql`delete from jobs`.execute(handle.db);
    await sql`delete from bulk_operations`.execute(handle.db);
    await sql`update devices set jobs_waiting = 0 where jobs_waiting <> 0`.execute(handle.db);
    // As seeded: the visibility map set again, so the list's index-only walks read no heap.
    await sql`vacuum analyze jobs`.execute(handle.db);
    await sql`vacuum analyze devices`.execute(handle.db);
  } finally {
    await handle.destroy();
  }
}

const base = process.env.MILLION_DATABASE_URL ? null : benchPostgresUrl('54331');
if (!process.env.MILLION_DATABASE_URL && !base) {
  console.log(
    'million-devices: skipped (no PostgreSQL: set PROVISOR_TEST_POSTGRES_URL or MILLION_DATABASE_URL)',
  );
  process.exit(0);
}
let url = process.env.MILLION_DATABASE_URL ?? '';
let seedSeconds: number | null = null;
if (!url) {
  url = await freshPostgresDatabase(base!, 'provisor_million');
  const t0 = performance.now();
  await seed(url, DEVICES);
  seedSeconds = (performance.now() - t0) / 1000;
  console.log(`seeded ${DEVICES.toLocaleString('en-US')} devices in ${seedSeconds.toFixed(1)} s: ${url}`);
} else {
  await resetJobs(url);
}

const server = await startProvisorProcess({
  env: {
    DATABASE_URL: url,
    PROVISOR_ADMIN_PASSWORD: PASSWORD,
    PROVISOR_WEB_DIST: '',
    PROVISOR_LOG_LEVEL: 'error',
    PROVISOR_SWEEP_INTERVAL_MS: '3600000',
  },
});
try {
  const pid = server.child.pid!;
  // At start the server reads the offline deadlines of every device not offline (833,333 of a million,
  // modules/devices/deadlines.ts): the clock starts once it is idle (under 5% of a core for 2 s).
  const settleSeconds = await settled(pid);
  const rssStart = rssMb(pid);
  const api = await apiClient(server.url, 'admin', PASSWORD);
  const total = (await api<{ totalDevices: number }>('/api/stats')).totalDevices;
  const deep = Math.floor(total / 2);
  const last = Math.max(0, total - 100);
  const queries: [string, string][] = [
    ['first page (100)', '/api/devices?limit=100&offset=0'],
    ['search "0004242"', '/api/devices?limit=100&offset=0&search=0004242'],
    ['status filter (error)', '/api/devices?limit=100&offset=0&status=error'],
    [`deep page (offset ${deep.toLocaleString('en-US')})`, `/api/devices?limit=100&offset=${deep}`],
    [`last page (offset ${last.toLocaleString('en-US')})`, `/api/devices?limit=100&offset=${last}`],
    ['/api/stats', '/api/stats'],
  ];
  // Deep pages by cursor: the cursor of the row just before (or after) the page, read from the list
  // itself (a one-row page by offset names that row in its nextCursor); each cursor page must be the
  // offset page it stands for.
  const cursorAt = async (query: string, position: number) =>
    (await api<{ nextCursor: string }>(`/api/devices?limit=1&offset=${position}${query}`)).nextCursor;
  const errors = (await api<{ total: number }>('/api/devices?limit=1&status=error')).total;
  const deepError = Math.floor(errors / 2);
  const cursorQueries: [string, string, string][] = [
    [
      `deep page by cursor (after ${deep.toLocaleString('en-US')})`,
      `/api/devices?limit=100&after=${await cursorAt('', deep - 1)}`,
      `/api/devices?limit=100&offset=${deep}`,
    ],
    [
      `deep page by cursor (before ${(deep + 100).toLocaleString('en-US')})`,
      `/api/devices?limit=100&before=${await cursorAt('', deep + 100)}`,
      `/api/devices?limit=100&offset=${deep}`,
    ],
    [
      `last page by cursor (after ${last.toLocaleString('en-US')})`,
      `/api/devices?limit=100&after=${await cursorAt('', last - 1)}`,
      `/api/devices?limit=100&offset=${last}`,
    ],
    [
      `status error, offset ${deepError.toLocaleString('en-US')}`,
      `/api/devices?limit=100&status=error&offset=${deepError}`,
      `/api/devices?limit=100&status=error&offset=${deepError}`,
    ],
    [
      `status error, by cursor (after ${deepError.toLocaleString('en-US')})`,
      `/api/devices?limit=100&status=error&after=${await cursorAt('&status=error', deepError - 1)}`,
      `/api/devices?limit=100&status=error&offset=${deepError}`,
    ],
  ];
  for (const [name, byCursor, byOffset] of cursorQueries) {
    const ids = async (path: string) =>
      (await api<{ devices: { id: string }[] }>(path)).devices.map((d) => d.id).join();
    if ((await ids(byCursor)) !== (await ids(byOffset))) throw new Error(`${name}: not the offset page`);
    queries.splice(queries.length - 1, 0, [name, byCursor]);
  }
  const rows: Record<string, string>[] = [];
  const time = async (name: string, path: string, rounds = ROUNDS) => {
    for (let i = 0; i < 10; i++) await api(path); // warm up
    const times: number[] = [];
    let matches = 0;
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      const body = await api<{ total?: number; totalDevices?: number }>(path);
      times.push(performance.now() - t0);
      matches = body.total ?? body.totalDevices ?? 0;
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    rows.push({
      query: name,
      matches: matches.toLocaleString('en-US'),
      'p50 ms': p(0.5).toFixed(2),
      'p95 ms': p(0.95).toFixed(2),
      'p95 < 50 ms': p(0.95) < 50 ? 'yes' : 'NO',
      load1: load1(),
    });
  };
  for (const [name, path] of queries) await time(name, path);
  const rssQueries = rssMb(pid);

  // The bulk call by filter. Connection requests are switched off first: the devices are rows, not
  // routers, and 100,000 wake-ups would measure the network, not the creation of the jobs.
  await putSettings(server.url, { connectionRequest: { enabled: false } });
  const loadBefore = load1();
  // The server's RSS sampled every 100 ms during the call: its peak, not only what is left after it.
  let rssPeakBulk = rssMb(pid);
  const sampler = setInterval(() => (rssPeakBulk = Math.max(rssPeakBulk, rssMb(pid))), 100);
  const t0 = performance.now();
  const answer = await api<{ created: number; failed: number }>('/api/provisioning/bulk/set-parameters', {
    filter: { search: BULK_MODEL },
    parameters: [
      {
        name: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID',
        value: 'GT_BULK',
        type: 'xsd:string',
      },
      {
        name: 'InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
        value: '600',
        type: 'xsd:unsignedInt',
      },
    ],
  });
  const bulkSeconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const rssAfterBulk = rssMb(pid);
  rssPeakBulk = Math.max(rssPeakBulk, rssAfterBulk);
  // The dashboard again, now that 100,000 jobs are pending: its job counts read the jobs table.
  await time('/api/stats (after the bulk call)', '/api/stats');
  // The bulk call marked every tenth device (jobs_waiting): nearly every heap page of devices is
  // changed and no longer all-visible, as in a live fleet where each Inform writes its row. An
  // index-only walk then reads the heap for every row it passes; a cursor reads only the page's.
  for (const [name, path] of queries.filter(([n]) => /deep|last|status error/.test(n)))
    await time(`${name}, after the bulk call`, path, AFTER_ROUNDS);
  const rssEnd = rssMb(pid);

  console.log(
    `${total.toLocaleString('en-US')} devices on PostgreSQL` +
      (seedSeconds === null ? ' (reused database)' : ` (seeded in ${seedSeconds.toFixed(1)} s)`) +
      `, ${ROUNDS} requests per query (${AFTER_ROUNDS} after the bulk call) after the server settled (${settleSeconds.toFixed(1)} s); ` +
      'machine shared, 1-minute load average beside each figure',
  );
  printTable(rows);
  console.log(
    `bulk set-parameters by filter {search: "${BULK_MODEL}"}: ${answer.created.toLocaleString('en-US')} jobs created, ` +
      `${answer.failed} failed, in ${bulkSeconds.toFixed(2)} s (target < 10 s: ${bulkSeconds < 10 ? 'met' : 'NOT met'}; load ${loadBefore}/${load1()})`,
  );
  const rssMax = Math.max(rssStart, rssQueries, rssPeakBulk, rssAfterBulk, rssEnd);
  console.log(
    `server RSS: ${rssStart.toFixed(0)} MB at start, ${rssQueries.toFixed(0)} MB after the queries, ` +
      `${rssPeakBulk.toFixed(0)} MB at most during the bulk call, ${rssAfterBulk.toFixed(0)} MB after it, ` +
      `${rssEnd.toFixed(0)} MB at the end ` +
      `(target < 500 MB: ${rssMax < 500 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `results: ${writeResults('million-devices', {
      machine: machine(),
      devices: total,
      seedSeconds,
      rounds: ROUNDS,
      settleSeconds,
      rows,
      bulk: {
        created: answer.created,
        failed: answer.failed,
        seconds: bulkSeconds,
        load: [loadBefore, load1()],
      },
      rssMb: {
        start: rssStart,
        afterQueries: rssQueries,
        peakDuringBulk: rssPeakBulk,
        afterBulk: rssAfterBulk,
        end: rssEnd,
      },
    })}`,
  );
} finally {
  await server.stop();
  if (!process.env.MILLION_DATABASE_URL) {
    if (process.env.MILLION_KEEP === '1') console.log(`kept: MILLION_DATABASE_URL=${url}`);
    else await dropDatabase(base!, url);
  }
}

/** Waits until the process uses under 5% of a core over 2 s (at most 120 s); the seconds waited. */
async function settled(pid: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 2000));
    if (cpuSeconds(pid) - before < 0.1 || performance.now() - t0 > 120_000) break;
  }
  return (performance.now() - t0) / 1000;
}

/** PUT /api/settings as the admin (the bench's API client only GETs and POSTs). */
async function putSettings(serverUrl: string, patch: object): Promise<void> {
  const login = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const r = await fetch(`${serverUrl}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  if (!r.ok) throw new Error(`PUT /api/settings: HTTP ${r.status} ${await r.text()}`);
}

async function dropDatabase(baseUrl: string, dbUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${new URL(dbUrl).pathname.slice(1)}`);
  } finally {
    await client.end();
  }
}
