// The load: K HTTP clients, each playing routers one after another through the shortest CWMP session
// (Inform → InformResponse → empty POST → 204) on one keep-alive connection per session; a client
// opens a new connection when the server closed the last one after its 204. Closed loop for the
// peak; paced at a fixed rate for the latency-at-80% run.
import { readdirSync, readFileSync } from 'node:fs';
import { encode, parameterValue } from '@provisor/cwmp';
import { Client } from 'undici';

export function informBody(i: number): string {
  const serial = `THR${String(i).padStart(6, '0')}`;
  return encode({
    namespace: 'urn:dslforum-org:cwmp-1-2',
    header: { id: `inform-${i}` },
    body: {
      name: 'Inform',
      deviceId: {
        manufacturer: 'Provisor',
        oui: '50524F',
        productClass: 'BenchRouter',
        serialNumber: serial,
      },
      event: [{ eventCode: '2 PERIODIC', commandKey: '' }],
      maxEnvelopes: 1,
      currentTime: '2026-11-22T00:00:00Z',
      retryCount: 0,
      parameterList: [
        parameterValue('Device.RootDataModelVersion', 'string', '2.17'),
        parameterValue('Device.DeviceInfo.HardwareVersion', 'string', 'HW1.0'),
        parameterValue('Device.DeviceInfo.SoftwareVersion', 'string', '1.0.0'),
        parameterValue('Device.DeviceInfo.ProvisioningCode', 'string', ''),
        parameterValue('Device.ManagementServer.ParameterKey', 'string', ''),
        parameterValue(
          'Device.ManagementServer.ConnectionRequestURL',
          'string',
          `http://10.0.${(i >> 8) & 255}.${i & 255}:7547/cr`,
        ),
        parameterValue('Device.ManagementServer.AliasBasedAddressing', 'boolean', false),
        parameterValue('Device.ManagementServer.PeriodicInformInterval', 'unsignedInt', 300),
      ],
    },
  });
}

export interface LoadResult {
  sessions: number;
  failures: number;
  seconds: number;
  latenciesMs: number[];
  /** Where a following run goes on (`startAt`). */
  next: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationMs: number;
  bodies: string[];
  /** Sessions per second to pace at; absent = as fast as possible. */
  rate?: number;
  /** Stop after this many sessions were started (e.g. one pass over every router). */
  maxSessions?: number;
  /** The first body to send (the index into `bodies`); a later run can go on where one stopped. */
  startAt?: number;
  /** One session on `client` from `body`: true when it ended as it should. The shortest by default. */
  session?: (client: Client, body: string, index: number) => Promise<boolean>;
}

/** The shortest session: Inform → InformResponse → empty POST → 204. */
export async function shortestSession(client: Client, body: string): Promise<boolean> {
  const inform = await client.request({
    method: 'POST',
    path: '/',
    body,
    headers: { 'content-type': 'text/xml; charset=utf-8' },
  });
  await inform.body.text();
  const cookie = String(inform.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const end = await client.request({
    method: 'POST',
    path: '/',
    body: '',
    headers: cookie ? { cookie } : {},
  });
  await end.body.dump();
  return inform.statusCode === 200 && end.statusCode === 204;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const clients = Array.from(
    { length: o.connections },
    () => new Client(o.url, { pipelining: 1, keepAliveTimeout: 60_000 }),
  );
  const latenciesMs: number[] = [];
  let sessions = 0;
  let failures = 0;
  let next = o.startAt ?? 0;
  const first = next;
  const session = o.session ?? shortestSession;
  const started = performance.now();
  const deadline = started + o.durationMs;
  const interval = o.rate ? 1000 / o.rate : 0;
  let slot = started;

  async function timed(client: Client, body: string, index: number): Promise<void> {
    const t0 = performance.now();
    if (!(await session(client, body, index))) {
      failures++;
      return;
    }
    sessions++;
    latenciesMs.push(performance.now() - t0);
  }

  await Promise.all(
    clients.map(async (client) => {
      for (;;) {
        if (interval > 0) {
          const at = (slot += interval);
          const wait = at - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        if (performance.now() >= deadline) break;
        if (o.maxSessions !== undefined && next - first >= o.maxSessions) break;
        const index = next++ % o.bodies.length;
        try {
          await timed(client, o.bodies[index]!, index);
        } catch {
          failures++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.close()));
  return { sessions, failures, seconds, latenciesMs, next };
}

/**
 * The peak is the best rate over these numbers of routers at once, for the limit and for Provisor
 * alike: a closed loop of too few measures each session's latency, not what the server can do (at 32,
 * Provisor's process was idle a third of the time). At most 96: the door admits 100 sessions at once
 * (server.maxConnections' default) and refuses the others with 503. THROUGHPUT_CONNECTIONS=<n> runs
 * only n.
 */
export const PEAK_LEVELS = process.env.THROUGHPUT_CONNECTIONS
  ? [Number(process.env.THROUGHPUT_CONNECTIONS)]
  : [32, 64, 96];

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** utime, stime, cutime and cstime of a process, in seconds (fields 14 to 17 of /proc/<pid>/stat). */
function times(pid: number): { own: number; children: number; ppid: number; comm: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // The fields after the command name (which may hold spaces and parentheses).
    const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return {
      own: (Number(f[11]) + Number(f[12])) / 100,
      children: (Number(f[13]) + Number(f[14])) / 100,
      ppid: Number(f[1]),
      comm,
    };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) used so far by a process (the server runs as one: node --import tsx). */
export function cpuSeconds(pid: number): number {
  const t = times(pid);
  if (!t) throw new Error(`no process ${pid}`);
  return t.own;
}

/**
 * CPU seconds PostgreSQL used so far: every postgres process's own, plus what the server process
 * collected from backends that already exited (a pool that closes idle connections ends backends
 * during a run; their CPU would otherwise vanish from the count).
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  const postgres = new Map<number, NonNullable<ReturnType<typeof times>>>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const t = times(Number(entry));
    if (t?.comm.startsWith('postgres')) postgres.set(Number(entry), t);
  }
  for (const t of postgres.values()) {
    total += t.own;
    // The server process (its parent is not PostgreSQL) has its exited backends' CPU as its children's.
    if (!postgres.has(t.ppid)) total += t.children;
  }
  return total;
}

/** The machine's CPU time so far, in clock ticks: busy, and in all (the first line of /proc/stat). */
function machineTicks(): { busy: number; all: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = ticks.map(Number);
  const all = n.slice(0, 8).reduce((a, b) => a + b, 0);
  // idle and iowait are the fourth and fifth.
  return { busy: all - n[3]! - n[4]!, all };
}

/** Where a run's CPU went, per session (ms), and how busy the machine was. */
export interface CpuAccount {
  /** The server's process (all its threads). */
  serverMs: number;
  /** This process: the load generator (routers' HTTP clients). */
  loadMs: number;
  /** Every PostgreSQL process on the machine (0 on SQLite, or when PostgreSQL runs elsewhere). */
  databaseMs: number;
  /** Share of the machine's CPU time that was busy (1: every core all the time). */
  busy: number;
}

/**
 * Starts accounting a run's CPU; the function it answers ends it. Throughput on a shared machine
 * is bounded by the CPU every session costs all the processes together: the server's share alone
 * does not say why a ratio is what it is.
 */
export function startCpuAccount(serverPid: number): (sessions: number) => CpuAccount {
  const server = cpuSeconds(serverPid);
  const load = process.cpuUsage();
  const database = postgresCpuSeconds();
  const machine = machineTicks();
  return (sessions) => {
    const per = (seconds: number) => (seconds * 1000) / Math.max(1, sessions);
    const used = process.cpuUsage(load);
    const now = machineTicks();
    return {
      serverMs: per(cpuSeconds(serverPid) - server),
      loadMs: per((used.user + used.system) / 1e6),
      databaseMs: per(postgresCpuSeconds() - database),
      busy: (now.busy - machine.busy) / Math.max(1, now.all - machine.all),
    };
  };
}
