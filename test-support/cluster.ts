// Several real Provisor processes on one PostgreSQL database, behind Debian's HAProxy with the
// shipped configuration (deploy/haproxy.cfg; only its `bind` address and `server` lines are
// rewritten). Used by the scale-out tests, the benchmark and `npm run cluster`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProvisorProcess, type ProvisorProcess } from './provisor-process';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const HAPROXY_CONFIG = join(repoRoot, 'deploy', 'haproxy.cfg');

/** Debian's HAProxy binary, or null when it is not installed (`apt-get install haproxy`). */
export function haproxyBinary(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'])
    if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** deploy/haproxy.cfg with its front on `front` and one `server` line per backend address. */
export function haproxyConfig(front: string, servers: readonly string[]): string {
  const shipped = readFileSync(HAPROXY_CONFIG, 'utf8');
  const lines: string[] = [];
  let serversWritten = false;
  for (const line of shipped.split('\n')) {
    if (/^\s+bind\s/.test(line)) lines.push(`    bind ${front}`);
    else if (/^\s+server\s/.test(line)) {
      if (serversWritten) continue;
      serversWritten = true;
      servers.forEach((s, i) => lines.push(`    server provisor${i + 1} ${s} cookie p${i + 1}`));
    } else lines.push(line);
  }
  if (!serversWritten) throw new Error(`${HAPROXY_CONFIG} has no server line to rewrite`);
  return lines.join('\n');
}

export interface HaproxyProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** HAProxy in the foreground on `port` (a free one by default) before `servers`. */
export async function startHaproxy(servers: readonly string[], port?: number): Promise<HaproxyProcess> {
  const binary = haproxyBinary();
  if (!binary) throw new Error('HAProxy is not installed: apt-get install haproxy');
  const frontPort = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'provisor-haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(`127.0.0.1:${frontPort}`, servers));
  let log = '';
  const child = spawn(binary, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${frontPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not pass requests on in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: frontPort,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ProvisorCluster {
  /** HAProxy's front: what routers and operators use. */
  url: string;
  haproxy: HaproxyProcess;
  processes: ProvisorProcess[];
  /** The directory every process keeps files in (PROVISOR_FILES_DIR). */
  filesDir: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** How many Provisor processes. */
  count: number;
  /** A PostgreSQL URL (postgres://...). */
  databaseUrl: string;
  env?: Record<string, string>;
  /** Ports of the processes (free ones by default) and of HAProxy's front. */
  ports?: number[];
  frontPort?: number;
}

/** `count` Provisor processes on `databaseUrl` with one files directory, behind HAProxy. */
export async function startCluster(o: ClusterOptions): Promise<ProvisorCluster> {
  const filesDir = mkdtempSync(join(tmpdir(), 'provisor-cluster-files-'));
  const env = {
    DATABASE_URL: o.databaseUrl,
    PROVISOR_FILES_DIR: filesDir,
    // HAProxy's X-Forwarded-For names the router (option forwardfor).
    PROVISOR_TRUST_PROXY: '127.0.0.1',
    ...o.env,
  };
  const processes: ProvisorProcess[] = [];
  let haproxy: HaproxyProcess | undefined;
  try {
    // The first migrates the database; the others find it ready.
    processes.push(await startProvisorProcess({ env, ...(o.ports?.[0] ? { port: o.ports[0] } : {}) }));
    const rest = await Promise.all(
      Array.from({ length: o.count - 1 }, (_, i) =>
        startProvisorProcess({ env, ...(o.ports?.[i + 1] ? { port: o.ports[i + 1] } : {}) }),
      ),
    );
    processes.push(...rest);
    haproxy = await startHaproxy(
      processes.map((p) => `127.0.0.1:${p.port}`),
      o.frontPort,
    );
  } catch (err) {
    await Promise.all(processes.map((p) => p.stop()));
    rmSync(filesDir, { recursive: true, force: true });
    throw err;
  }
  const front = haproxy;
  return {
    url: front.url,
    haproxy: front,
    processes,
    filesDir,
    async stop() {
      await front.stop();
      await Promise.all(processes.map((p) => p.stop()));
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
