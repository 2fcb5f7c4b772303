// Issue 24, target 5: memory per CWMP session and per connected console, and a soak. Provisor runs in
// its own process (SQLite); its RSS (/proc/<pid>/status) and V8 heap (its /metrics) are read, each
// state as the median of several readings a few seconds apart (no GC can be forced from outside):
//   a. idle, with MEMORY_ROUTERS (10,000) routers registered by one pass of shortest sessions;
//   b. MEMORY_SESSIONS (1,000) CWMP sessions open at once (Inform answered, empty POST held back);
//   c. MEMORY_CONSOLES (100) signed-in consoles, each on the live channel and polling the Dashboard;
//   d. a soak on a new server: MEMORY_SOAK_ROUTERS (2,000) simulated routers informing every
//      MEMORY_SOAK_INTERVAL (30) s for MEMORY_SOAK_SECONDS (600), a bulk set-parameters every minute,
//      20 consoles; a reading every 10 s, and the slope of the last half.
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';
import { informBody, runLoad } from '../session-throughput/load';
import { openConsoles, signInConsoles } from './consoles';
import { startFleet } from './fleet';
import {
  INSPECT_OPTION,
  inspectorGc,
  load1,
  median,
  memoryProbe,
  sleep,
  slope,
  type MemoryReading,
} from './probe';
import { holdSessions } from './sessions';

const ROUTERS = Number(process.env.MEMORY_ROUTERS ?? 10_000);
const SESSIONS = Number(process.env.MEMORY_SESSIONS ?? 1_000);
const CONSOLES = Number(process.env.MEMORY_CONSOLES ?? 100);
const SOAK_S = Number(process.env.MEMORY_SOAK_SECONDS ?? 600);
const SOAK_ROUTERS = Number(process.env.MEMORY_SOAK_ROUTERS ?? 2_000);
const SOAK_INTERVAL_S = Number(process.env.MEMORY_SOAK_INTERVAL ?? 30);
const SOAK_CONSOLES = Number(process.env.MEMORY_SOAK_CONSOLES ?? 20);
const SOAK_EVERY_S = 10;
const BULK_EVERY_S = 60;
const BULK_DEVICES = 200;
const CONSOLE_POLL_MS = 30_000;

const PASSWORD = 'bench-admin-password';
const METRICS_TOKEN = 'bench-memory-metrics-token';
const baseEnv = {
  PROVISOR_ADMIN_PASSWORD: PASSWORD,
  PROVISOR_WEB_DIST: '',
  PROVISOR_LOG_LEVEL: 'error',
  PROVISOR_METRICS_TOKEN: METRICS_TOKEN,
  NODE_OPTIONS: INSPECT_OPTION,
};

/** PUT /api/settings (the JSON client of test-support only GETs and POSTs). */
async function putSettings(url: string, patch: object): Promise<void> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${url}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  if (!res.ok) throw new Error(`PUT /api/settings: HTTP ${res.status} ${await res.text()}`);
}

async function activeSessions(url: string): Promise<number> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(/^provisor_cwmp_sessions_active (\d+)/m.exec(text)?.[1] ?? NaN);
}

const mb = (x: number) => x.toFixed(1);
const row = (state: string, r: MemoryReading, extra: Record<string, string> = {}) => ({
  state,
  'RSS MB': mb(r.rssMb),
  'heap used MB': mb(r.heapUsedMb),
  'heap total MB': mb(r.heapTotalMb),
  'external MB': mb(r.externalMb),
  load1: r.load1.toFixed(2),
  ...extra,
});

// ---- a, b, c: one server, states one after another.
const states = await (async () => {
  const server = await startProvisorProcess({
    env: {
      ...baseEnv,
      // Sessions, not the first-session provisioning of credentials nor the reading of whole trees.
      PROVISOR_CR_SET_CREDENTIALS: 'false',
      PROVISOR_DISCOVER_TREE: 'false',
      // Memory is measured, not throughput: on a busy machine the load shedder answered a third of
      // the held sessions' Informs 503 (event loop late), so it is off here.
      PROVISOR_CWMP_SHED_LAG_MS: '0',
    },
  });
  try {
    // The defaults refuse a 101st concurrent session (settings server.maxConnections, 100) and end
    // a session idle for 30 s (cwmp.sessionTimeout): raised so that 1,000 held sessions stay open
    // while they are read.
    await putSettings(server.url, {
      server: { maxConnections: SESSIONS * 2 },
      cwmp: { sessionTimeout: 600 },
    });
    const gc = await inspectorGc(server.output);
    const probe = memoryProbe(server.url, server.child.pid!, METRICS_TOKEN, gc);
    const fresh = await probe.settled(3, 1000, 2000);
    const bodies = Array.from({ length: ROUTERS }, (_, i) => informBody(i + 1));
    const reg = await runLoad({
      url: server.url,
      connections: 32,
      durationMs: 600_000,
      bodies,
      maxSessions: bodies.length,
    });
    console.log(
      `registered ${reg.sessions} routers in ${reg.seconds.toFixed(1)} s (${reg.failures} failures)`,
    );
    const idle = await probe.settled(5, 3000, 10_000);

    const held = await holdSessions(server.url, bodies.slice(0, SESSIONS));
    const open = await activeSessions(server.url);
    const sessionsOpen = await probe.settled(5, 2000, 3000);
    const ended = await held.finish();
    console.log(
      `${held.opened} sessions held (${held.refused} refused, server counted ${open}); ${ended} ended with 204`,
    );
    const afterSessions = await probe.settled(5, 3000, 10_000);

    const tokens = await signInConsoles(server.url, PASSWORD, CONSOLES);
    const signedIn = await probe.settled(5, 2000, 3000);
    const consoles = await openConsoles(server.url, tokens, CONSOLE_POLL_MS);
    await consoles.pollAll();
    const consolesOpen = await probe.settled(5, 2000, 3000);
    console.log(
      `${CONSOLES} consoles: ${consoles.messages()} live messages, ${consoles.failures()} failures`,
    );
    await consoles.close();
    const afterConsoles = await probe.settled(5, 3000, 10_000);
    gc.close();
    return {
      fresh,
      reg,
      idle,
      held,
      open,
      ended,
      sessionsOpen,
      afterSessions,
      signedIn,
      consolesOpen,
      afterConsoles,
    };
  } finally {
    await server.stop();
  }
})();

const perSessionKb =
  ((states.sessionsOpen.rssMb - states.idle.rssMb) * 1024) / Math.max(1, states.held.opened);
const perSessionHeapKb =
  ((states.sessionsOpen.heapUsedMb - states.idle.heapUsedMb) * 1024) / Math.max(1, states.held.opened);
const perConsoleKb = ((states.consolesOpen.rssMb - states.afterSessions.rssMb) * 1024) / CONSOLES;
const perConsoleHeapKb =
  ((states.consolesOpen.heapUsedMb - states.afterSessions.heapUsedMb) * 1024) / CONSOLES;

const SNAPSHOTS = process.env.MEMORY_SNAPSHOTS;

// ---- d: the soak, on a new server.
const soak = await (async () => {
  if (SOAK_S <= 0) return null;
  const server = await startProvisorProcess({
    env: { ...baseEnv, PROVISOR_CR_MIN_INTERVAL_MS: '0', PROVISOR_CR_CONCURRENCY: '200' },
  });
  const fleet = startFleet(server.url, SOAK_ROUTERS, SOAK_INTERVAL_S);
  let consoles: Awaited<ReturnType<typeof openConsoles>> | undefined;
  try {
    const api = await apiClient(server.url, 'admin', PASSWORD);
    const gc = await inspectorGc(server.output);
    const probe = memoryProbe(server.url, server.child.pid!, METRICS_TOKEN, gc);
    // Every router's bootstrap first (a wave of first sessions, connection-request credentials and
    // discover-tree), then the steady state is soaked.
    const t0 = performance.now();
    while (fleet.status().sessionsOk < SOAK_ROUTERS && performance.now() - t0 < 300_000) await sleep(1000);
    const warmupS = (performance.now() - t0) / 1000;
    const ids = (await api<{ devices: { id: string }[] }>('/api/devices?limit=1000')).devices.map(
      (d) => d.id,
    );
    consoles = await openConsoles(
      server.url,
      await signInConsoles(server.url, PASSWORD, SOAK_CONSOLES),
      CONSOLE_POLL_MS,
    );
    const before = fleet.status();
    const readings: MemoryReading[] = [];
    let bulks = 0;
    const start = performance.now();
    for (let i = 0; ; i++) {
      const elapsed = (performance.now() - start) / 1000;
      // Read before the minute's bulk call, not just after it (its jobs in flight are live).
      const r = await probe.read();
      readings.push({ ...r, t: elapsed });
      // MEMORY_SNAPSHOTS=<dir>: heap snapshots at the soak's start and end, to compare what grew
      // (bench/memory/heap-diff.ts).
      if (SNAPSHOTS && (i === 0 || elapsed >= SOAK_S))
        await gc.snapshot(`${SNAPSHOTS}/soak-${i === 0 ? 'start' : 'end'}.heapsnapshot`);
      console.log(
        `soak ${elapsed.toFixed(0)} s: RSS ${mb(r.rssMb)} MB, heap ${mb(r.heapUsedMb)} MB, load ${r.load1}, ` +
          `sessions ${fleet.status().sessionsOk - before.sessionsOk}`,
      );
      if (elapsed >= SOAK_S) break;
      if (i > 0 && i % (BULK_EVERY_S / SOAK_EVERY_S) === 0) {
        const slice = Array.from(
          { length: BULK_DEVICES },
          (_, k) => ids[(bulks * BULK_DEVICES + k) % ids.length]!,
        );
        await api('/api/provisioning/bulk/set-parameters', {
          deviceIds: slice,
          parameters: [
            { name: 'Device.Time.NTPServer1', value: `ntp${bulks}.example`, type: 'xsd:string' },
            { name: 'Device.WiFi.SSID.1.SSID', value: `GT_Soak${bulks}`, type: 'xsd:string' },
          ],
        });
        bulks++;
      }
      await sleep(start + (i + 1) * SOAK_EVERY_S * 1000 - performance.now());
    }
    const after = fleet.status();
    const jobs = await api<Record<string, number>>('/api/provisioning/stats');
    return {
      warmupS,
      readings,
      bulks,
      sessions: after.sessionsOk - before.sessionsOk,
      failed: after.failed - before.failed,
      jobs,
      consoleMessages: consoles.messages(),
      consoleFailures: consoles.failures(),
    };
  } finally {
    await consoles?.close();
    await fleet.stop();
    await server.stop();
  }
})();

console.log(`\nmemory: ${machine().nproc} × ${machine().cpu}, Node ${machine().node}; load1 now ${load1()}`);
printTable([
  row('fresh (no routers)', states.fresh),
  row(`a. idle, ${ROUTERS} routers`, states.idle),
  row(`b. ${states.held.opened} sessions open`, states.sessionsOpen, {
    'per session KB (RSS / heap)': `${perSessionKb.toFixed(1)} / ${perSessionHeapKb.toFixed(1)}`,
  }),
  row('   after they ended', states.afterSessions),
  row(`   ${CONSOLES} signed in, not connected`, states.signedIn),
  row(`c. ${CONSOLES} consoles open`, states.consolesOpen, {
    'per console KB (RSS / heap)': `${perConsoleKb.toFixed(1)} / ${perConsoleHeapKb.toFixed(1)}`,
  }),
  row('   after they closed', states.afterConsoles),
]);

let soakSummary: Record<string, unknown> | null = null;
if (soak) {
  const soakSummary0: Record<string, unknown> = {};
  const rs = soak.readings;
  const half = rs.filter((r) => r.t >= rs[rs.length - 1]!.t / 2);
  const perMin = (f: (r: MemoryReading) => number) => slope(half.map((r) => ({ x: r.t / 60, y: f(r) })));
  // Start, middle and end: each the median (field by field) of a minute's readings.
  const window = (from: number): MemoryReading => {
    const w = rs.filter((r) => r.t >= from && r.t < from + 60);
    const med = (f: (r: MemoryReading) => number) => median(w.map(f));
    return {
      t: from,
      rssMb: med((r) => r.rssMb),
      heapUsedMb: med((r) => r.heapUsedMb),
      heapTotalMb: med((r) => r.heapTotalMb),
      externalMb: med((r) => r.externalMb),
      load1: med((r) => r.load1),
    };
  };
  const last = rs[rs.length - 1]!.t;
  const [first, mid, end] = [window(0), window(Math.max(0, last / 2 - 30)), window(Math.max(0, last - 59))];
  Object.assign(soakSummary0, { start: first, middle: mid, end });
  soakSummary = {
    ...soakSummary0,
    rssSlopeMbPerMin: perMin((r) => r.rssMb),
    heapSlopeMbPerMin: perMin((r) => r.heapUsedMb),
  };
  console.log(
    `\nsoak: ${SOAK_ROUTERS} routers every ${SOAK_INTERVAL_S} s (bootstrap ${soak.warmupS.toFixed(0)} s), ` +
      `${soak.sessions} sessions (${soak.failed} failed), ${soak.bulks} bulk calls, ` +
      `jobs ${JSON.stringify(soak.jobs)}, ${SOAK_CONSOLES} consoles got ${soak.consoleMessages} live messages ` +
      `(${soak.consoleFailures} failures)`,
  );
  printTable([
    row(`start (median of ${first.t.toFixed(0)} to ${(first.t + 60).toFixed(0)} s)`, first),
    row(`middle (median of ${mid.t.toFixed(0)} to ${(mid.t + 60).toFixed(0)} s)`, mid),
    row(`end (median of ${end.t.toFixed(0)} to ${(end.t + 60).toFixed(0)} s)`, end),
    {
      state: 'slope of the last half (MB/min)',
      'RSS MB': perMin((r) => r.rssMb).toFixed(2),
      'heap used MB': perMin((r) => r.heapUsedMb).toFixed(2),
      'heap total MB': perMin((r) => r.heapTotalMb).toFixed(2),
      'external MB': perMin((r) => r.externalMb).toFixed(2),
      load1: '',
    },
  ]);
}

console.log(
  `results: ${writeResults('memory', {
    machine: machine(),
    config: { ROUTERS, SESSIONS, CONSOLES, SOAK_S, SOAK_ROUTERS, SOAK_INTERVAL_S, SOAK_CONSOLES },
    states,
    perSessionKb,
    perSessionHeapKb,
    perConsoleKb,
    perConsoleHeapKb,
    soak,
    soakSummary,
  })}`,
);
