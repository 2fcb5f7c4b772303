// A real Provisor server process (packages/server/src/main.ts under tsx, as `npm start` runs it) on a free
// loopback port with a SQLite database in a temporary directory. Used by the browser tests, the
// benchmarks and the restart test, which all need the server as routers and operators see it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_NODE_FLAGS } from '../packages/server/src/node-flags';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * tsx's loader (`node --import tsx`), by absolute URL: the server runs from a temporary directory.
 * One process, so that a signal reaches the server itself: the tsx command runs the server in a child
 * process, which a SIGKILL of the command left running (and listening).
 */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export interface ProvisorProcess {
  url: string;
  port: number;
  /** Working directory; the database is `provisor.db` in it. */
  dir: string;
  child: ChildProcess;
  /** Everything the process printed. */
  output(): string;
  /** SIGTERM (graceful), then removes the directory unless it was given. */
  stop(): Promise<void>;
}

export interface ProvisorProcessOptions {
  env?: Record<string, string>;
  /** Reuse a directory (and its database), e.g. to restart after a kill. */
  dir?: string;
  port?: number;
  startTimeoutMs?: number;
  /** Extra arguments to node before the server's script, e.g. --cpu-prof for a benchmark's profile. */
  nodeArgs?: string[];
  /**
   * Another checkout's server (its packages/server/src/main.ts, with its own node_modules), for a
   * benchmark that compares two versions side by side (bench/side-by-side). This one's by default.
   */
  root?: string;
}

export async function startProvisorProcess(o: ProvisorProcessOptions = {}): Promise<ProvisorProcess> {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'provisor-process-'));
  const port = o.port ?? (await freePort());
  let log = '';
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(o.nodeArgs ?? []),
      '--import',
      tsxLoader,
      join(o.root ?? repoRoot, 'packages', 'server', 'src', 'main.ts'),
    ],
    {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dir, 'provisor.db')}`,
        PROVISOR_LOG_LEVEL: 'warn',
        ...o.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (o.startTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Provisor exited with ${child.exitCode}:\n${log}`);
    try {
      // Any answer from the API means it is listening; 401 is what an anonymous call gets.
      if ((await fetch(`${url}/api/auth/verify`)).status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Provisor did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dir,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (!o.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in and answers a JSON API caller with the token. */
export async function apiClient(url: string, username: string, password: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: HTTP ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return async <T>(path: string, body?: object): Promise<T> => {
    const r = await fetch(`${url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
}
