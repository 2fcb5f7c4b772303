// Issue 9, part 3: the inventory at 100,000 devices. Seeds a SQLite database with the server's own
// migrations, starts the real server on it, then measures the console's queries from outside:
// GET /api/devices first page, a search, a status filter and /api/stats (p50 and p95), and the
// server's RSS. Targets: every p95 under 20 ms; RSS under 300 MB.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../../packages/server/src/db/database';
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';

const DEVICES = Number(process.env.INVENTORY_DEVICES ?? 100_000);
const ROUNDS = Number(process.env.INVENTORY_ROUNDS ?? 200);
const PASSWORD = 'bench-admin-password';
const STATUSES = ['online', 'online', 'online', 'offline', 'provisioning', 'error'] as const;
const MODELS = [
  ['00259E', 'EG8145V5'],
  ['00259E', 'EG8145X6'],
  ['1C61B4', 'Device2'],
  ['202BC1', 'BM632w'],
] as const;

const dir = mkdtempSync(join(tmpdir(), 'provisor-inventory-'));
try {
  const seedStart = performance.now();
  const handle = openDatabase({ kind: 'sqlite', path: join(dir, 'provisor.db') });
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  // A realistic row: summary columns plus a small parameter tree, as after a first Inform.
  for (let i = 0; i < DEVICES; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, DEVICES - i) }, (_, k) => {
      const n = i + k;
      const [oui, productClass] = MODELS[n % MODELS.length]!;
      return {
        id: randomUUID(),
        oui,
        product_class: productClass,
        serial_number: `HWTC${String(n).padStart(8, '0')}`,
        manufacturer: 'Vendor',
        software_version: `V5R020C00S${n % 300}`,
        hardware_version: '15AD.A',
        status: STATUSES[n % STATUSES.length]!,
        last_inform_at: new Date(Date.now() - (n % 3600) * 1000).toISOString(),
        last_events: '["2 PERIODIC"]',
        connection_request_url: `http://10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}:7547/`,
        periodic_inform_interval: 300,
        created_at: now,
        updated_at: now,
      };
    });
    await handle.db.insertInto('devices').values(rows).execute();
    await handle.db
      .insertInto('device_parameters')
      .values(
        rows.map((r) => ({
          device_id: r.id,
          parameters: JSON.stringify({
            'InternetGatewayDevice.DeviceInfo.SoftwareVersion': { value: r.software_version, type: 'string' },
            'InternetGatewayDevice.DeviceInfo.HardwareVersion': { value: '15AD.A', type: 'string' },
            'InternetGatewayDevice.ManagementServer.ConnectionRequestURL': {
              value: r.connection_request_url,
              type: 'string',
            },
          }),
        })),
      )
      .execute();
  }
  await handle.destroy();
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const server = await startProvisorProcess({
    dir,
    env: {
      PROVISOR_ADMIN_PASSWORD: PASSWORD,
      PROVISOR_WEB_DIST: '',
      PROVISOR_LOG_LEVEL: 'error',
      PROVISOR_SWEEP_INTERVAL_MS: '3600000',
    },
  });
  try {
    const api = await apiClient(server.url, 'admin', PASSWORD);
    const queries: [string, string][] = [
      ['first page (100)', '/api/devices?limit=100&offset=0'],
      ['search "0004242"', '/api/devices?limit=100&offset=0&search=0004242'],
      ['status filter (error)', '/api/devices?limit=100&offset=0&status=error'],
      ['page 500 (offset 49,900)', '/api/devices?limit=100&offset=49900'],
      ['/api/stats', '/api/stats'],
    ];
    const rows = [];
    for (const [name, path] of queries) {
      for (let i = 0; i < 10; i++) await api(path); // warm up
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const body = await api<{ total?: number; totalDevices?: number }>(path);
        times.push(performance.now() - t0);
        total = body.total ?? body.totalDevices ?? 0;
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
      rows.push({
        query: name,
        matches: String(total),
        'p50 ms': p(0.5).toFixed(2),
        'p95 ms': p(0.95).toFixed(2),
        'p95 < 20 ms': p(0.95) < 20 ? 'yes' : 'NO',
      });
    }
    // RSS of the server process.
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'));
    const rssMb = rss ? Number(rss[1]) / 1024 : 0;
    console.log(`${DEVICES} devices (seeded in ${seedSeconds.toFixed(1)} s), ${ROUNDS} requests per query`);
    printTable(rows);
    console.log(`server RSS: ${rssMb.toFixed(0)} MB (target < 300 MB: ${rssMb < 300 ? 'met' : 'NOT met'})`);
    console.log(
      `results: ${writeResults('inventory', { machine: machine(), devices: DEVICES, rounds: ROUNDS, rows, rssMb })}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
