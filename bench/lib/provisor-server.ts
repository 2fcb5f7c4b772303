// Starts a real Provisor server process (tsx packages/server/src/main.ts) on a free loopback port with
// a temporary database, for benchmarks that measure it from outside, as routers and operators do.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH_PASSWORD = 'bench-admin-password';

export interface BenchServer {
  url: string;
  process: ChildProcess;
  /** JSON API call with the admin's token. */
  api<T = unknown>(path: string, body?: object): Promise<T>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export async function startProvisor(env: Record<string, string> = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'provisor-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [join(repoRoot, 'packages/server/src/main.ts')],
    {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dir, 'provisor.db')}`,
        PROVISOR_ADMIN_PASSWORD: BENCH_PASSWORD,
        PROVISOR_WEB_DIST: '',
        PROVISOR_LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/auth/verify`)).status === 401) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('the server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return {
    url,
    process: child,
    async api<T>(path: string, body?: object): Promise<T> {
      const res = await fetch(`${url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
