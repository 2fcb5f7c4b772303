// Security finding 7: API latency while routers flood the CWMP door. Provisor runs in its own process
// (SQLite, router authentication off, the default). A signed-in operator's GET /api/devices is sent
// at a steady rate and timed, first with no attack, then while FLOOD_CLIENTS clients each POST one
// hostile Inform of about FLOOD_BYTES after another (variants in hostile.ts). Latency is counted
// from when each request was due, so a stalled event loop shows in full (no coordinated omission).
//
// Options (environment): FLOOD_VARIANTS (namespaces,parameters,text), FLOOD_BYTES (6700000),
// FLOOD_CLIENTS (32), FLOOD_SECONDS (5 per phase), FLOOD_API_RATE (20 requests/s), FLOOD_API_PATH
// (/api/devices), FLOOD_TEXT_LENGTH (240000 characters per value of the text variant).
import { readFileSync } from 'node:fs';
import { encode, parameterValue } from '@provisor/cwmp';
import { Client, Pool } from 'undici';
import { startProvisorProcess } from '../../test-support/provisor-process';
import { SESSION_BENCH_ENV } from '../lib/provisor-server';
import { machine, printTable, writeResults } from '../lib/measure';
import { VARIANTS, hostileInform, withSerial, type Variant } from './hostile';

const PASSWORD = 'bench-admin-password';
const variants = (process.env.FLOOD_VARIANTS ?? VARIANTS.join(','))
  .split(',')
  .map((v) => v.trim())
  .filter((v) => v !== '');
const unknown = variants.filter((v) => !(VARIANTS as readonly string[]).includes(v));
if (unknown.length > 0) {
  console.error(`Unknown FLOOD_VARIANTS: ${unknown.join(', ')}. Known: ${VARIANTS.join(', ')}.`);
  process.exit(2);
}
const BYTES = Number(process.env.FLOOD_BYTES ?? 6_700_000);
const CLIENTS = Number(process.env.FLOOD_CLIENTS ?? 32);
const PHASE_MS = Number(process.env.FLOOD_SECONDS ?? 5) * 1000;
const API_RATE = Number(process.env.FLOOD_API_RATE ?? 20);
const API_PATH = process.env.FLOOD_API_PATH ?? '/api/devices';
const TEXT_LENGTH = Number(process.env.FLOOD_TEXT_LENGTH ?? 240_000);
/** Ordinary routers registered first, so the API has a page of devices to read. */
const ROUTERS = 100;

interface Sampled<T> {
  value: T;
  cpuSeconds: number;
  seconds: number;
  rssMb: number;
}

interface ApiResult {
  latenciesMs: number[];
  failures: number;
}

interface FloodResult {
  posts: number;
  seconds: number;
  statuses: Record<string, number>;
  latenciesMs: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CPU seconds (user + system) and resident MB of a process, from /proc. */
function processStats(pid: number): { cpuSeconds: number; rssMb: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, rss (pages) field 24: 12, 13, 22 after the name.
  return {
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
    rssMb: (Number(fields[21]) * 4096) / 1e6,
  };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** ROUTERS complete sessions (Inform, empty POST) of well-behaved routers. */
async function registerRouters(url: string): Promise<void> {
  const client = new Client(url);
  try {
    for (let i = 1; i <= ROUTERS; i++) {
      const body = encode({
        namespace: 'urn:dslforum-org:cwmp-1-2',
        header: { id: `r${i}` },
        body: {
          name: 'Inform',
          deviceId: {
            manufacturer: 'Provisor',
            oui: '50524F',
            productClass: 'BenchRouter',
            serialNumber: `GOOD${String(i).padStart(6, '0')}`,
          },
          event: [{ eventCode: '1 BOOT', commandKey: '' }],
          maxEnvelopes: 1,
          currentTime: '2026-01-01T00:00:00Z',
          retryCount: 0,
          parameterList: [parameterValue('Device.DeviceInfo.SoftwareVersion', 'string', '1.0.0')],
        },
      });
      const inform = await client.request({ method: 'POST', path: '/', body });
      await inform.body.dump();
      const cookie = String(inform.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      const end = await client.request({ method: 'POST', path: '/', body: '', headers: { cookie } });
      await end.body.dump();
      if (inform.statusCode !== 200 || end.statusCode !== 204)
        throw new Error(`router ${i}: ${inform.statusCode}`);
    }
  } finally {
    await client.close();
  }
}

/** Open loop: one request every 1000/API_RATE ms for `ms`, each timed from when it was due. */
async function measureApi(url: string, token: string, ms: number): Promise<ApiResult> {
  const pool = new Pool(url, { connections: 16 });
  const latenciesMs: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const interval = 1000 / API_RATE;
  for (let k = 0; start + k * interval < start + ms; k++) {
    const due = start + k * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      pool
        .request({ method: 'GET', path: API_PATH, headers: { authorization: `Bearer ${token}` } })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode === 200) latenciesMs.push(performance.now() - due);
          else failures++;
        })
        .catch(() => {
          failures++;
        }),
    );
  }
  await Promise.all(pending);
  await pool.close();
  return { latenciesMs, failures };
}

/** CLIENTS attackers, each POSTing its copy of `message` again and again until `stop()`. */
function startFlood(url: string, variant: Variant) {
  const message = hostileInform(variant, BYTES, TEXT_LENGTH);
  const bodies = Array.from({ length: CLIENTS }, (_, i) => withSerial(message, i + 1));
  const result: FloodResult = { posts: 0, seconds: 0, statuses: {}, latenciesMs: [] };
  const started = performance.now();
  let running = true;
  const count = (key: string) => (result.statuses[key] = (result.statuses[key] ?? 0) + 1);
  const loops = bodies.map(async (body) => {
    const client = new Client(url, { bodyTimeout: 120_000, headersTimeout: 120_000 });
    try {
      while (running) {
        const t0 = performance.now();
        try {
          const res = await client.request({
            method: 'POST',
            path: '/',
            body,
            headers: { 'content-type': 'text/xml; charset=utf-8' },
          });
          await res.body.dump();
          count(String(res.statusCode));
        } catch {
          count('error'); // e.g. the server closed the connection before reading the whole body
        }
        result.posts++;
        result.latenciesMs.push(performance.now() - t0);
      }
    } finally {
      await client.destroy();
    }
  });
  return {
    message,
    async stop(): Promise<FloodResult> {
      running = false;
      await Promise.all(loops);
      result.seconds = (performance.now() - started) / 1000;
      return result;
    },
  };
}

const server = await startProvisorProcess({
  env: { ...SESSION_BENCH_ENV, PROVISOR_ADMIN_PASSWORD: PASSWORD },
});
const pid = server.child.pid!;
type Row = Record<string, string>;
const rows: Row[] = [];
const raw: unknown[] = [];
try {
  await registerRouters(server.url);
  const token = await signIn(server.url);
  await measureApi(server.url, token, 1000); // warm-up

  const row = (phase: string, detail: string, s: Sampled<ApiResult>, flood?: FloodResult) => {
    const api = s.value;
    const sorted = [...api.latenciesMs].sort((a, b) => a - b);
    const floodSorted = flood ? [...flood.latenciesMs].sort((a, b) => a - b) : [];
    const r: Row = {
      phase,
      message: detail,
      'API p50 ms': percentile(sorted, 50).toFixed(1),
      'p95 ms': percentile(sorted, 95).toFixed(1),
      'p99 ms': percentile(sorted, 99).toFixed(1),
      'max ms': percentile(sorted, 100).toFixed(1),
      'API failed': String(api.failures),
      'hostile POSTs/s': flood ? (flood.posts / flood.seconds).toFixed(1) : '',
      'hostile p50 ms': flood ? percentile(floodSorted, 50).toFixed(0) : '',
      answers: flood
        ? Object.entries(flood.statuses)
            .map(([k, v]) => `${k}×${v}`)
            .join(' ')
        : '',
      'server CPU %': ((s.cpuSeconds / s.seconds) * 100).toFixed(0),
      'server RSS MB': s.rssMb.toFixed(0),
    };
    rows.push(r);
    raw.push({ ...r, apiLatenciesMs: api.latenciesMs, floodStatuses: flood?.statuses });
  };

  /** The server's CPU time and peak RSS (sampled every 200 ms) while `work` runs. */
  async function sampled<T>(work: Promise<T>): Promise<Sampled<T>> {
    const t0 = performance.now();
    const before = processStats(pid);
    let rssMb = before.rssMb;
    const timer = setInterval(() => (rssMb = Math.max(rssMb, processStats(pid).rssMb)), 200);
    try {
      const value = await work;
      const cpuSeconds = processStats(pid).cpuSeconds - before.cpuSeconds;
      return { value, cpuSeconds, seconds: (performance.now() - t0) / 1000, rssMb };
    } finally {
      clearInterval(timer);
    }
  }

  const idle = await sampled(measureApi(server.url, token, PHASE_MS));
  row('no attack', '', idle);

  for (const variant of variants as Variant[]) {
    const flood = startFlood(server.url, variant);
    const size = `${(flood.message.bytes.length / 1e6).toFixed(1)} MB, ${flood.message.detail}`;
    console.log(`${variant}: ${CLIENTS} clients, ${size}`);
    await new Promise((r) => setTimeout(r, 1000)); // let the flood reach its steady state
    const during = await sampled(measureApi(server.url, token, PHASE_MS));
    const result = await flood.stop();
    row(`${CLIENTS} × ${variant}`, size, during, result);
    await new Promise((r) => setTimeout(r, 2000)); // let the server settle before the next phase
  }
} finally {
  await server.stop();
}

console.log(
  `GET ${API_PATH} at ${API_RATE}/s for ${PHASE_MS / 1000} s per phase (latency from when each request was due); ` +
    `hostile Informs of about ${(BYTES / 1e6).toFixed(1)} MB, router authentication off`,
);
printTable(rows);
console.log(
  `results: ${writeResults('cwmp-flood', {
    machine: machine(),
    options: {
      variants,
      bytes: BYTES,
      clients: CLIENTS,
      phaseMs: PHASE_MS,
      apiRate: API_RATE,
      apiPath: API_PATH,
    },
    rows: raw,
  })}`,
);
