// PostgreSQL going away under a running server, over real HTTP: a TCP proxy on loopback stands
// between the server and the test database, and "cutting" it (listener closed, every connection
// destroyed) is the outage. The API and the CWMP door answer 503 with Retry-After meanwhile, and both
// serve again once the proxy listens on the same port, without restarting the app.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, listenOnLoopback, testConfig } from '../test/helpers';
import { TestCpe } from '../test/cpe-client';
import { createTestDatabase, describeWithPostgres } from '../test/postgres';
import { buildApp } from './app';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors';

/**
 * Loopback TCP proxy to `target`. `cut()` is the outage; `listen()` serves again on the same port,
 * forwarding, or stalling: accepting connections and never answering (a database host that hangs).
 */
function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listen = (mode: 'forward' | 'stall' = 'forward') =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        track(client);
        if (mode === 'stall') return;
        const upstream = createConnection(target);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = async () => {
    const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
    for (const socket of sockets) socket.destroy();
    await closing;
  };
  return { listen, cut, port: () => port };
}

/** Calls `attempt` until `done` holds of its answer, for at most `tries` times, a beat apart. */
async function eventually<T>(attempt: () => Promise<T>, done: (value: T) => boolean, tries = 150) {
  let last: T | undefined;
  for (let i = 0; i < tries; i++) {
    last = await attempt();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  return last as T;
}

describeWithPostgres('Provisor while PostgreSQL is down', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let cleanup: () => void;
  let proxy: ReturnType<typeof tcpProxy>;
  let base: string;
  let token: string;
  const cpes: TestCpe[] = [];

  const cpe = (serialNumber: string) => {
    const c = new TestCpe(base, {
      oui: '00259E',
      productClass: 'EG8145V5',
      serialNumber,
      manufacturer: 'Huawei',
    });
    cpes.push(c);
    return c;
  };
  const listDevices = async () => {
    const res = await fetch(`${base}/api/devices`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const url = new URL(db.url);
    proxy = tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.listen();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port());
    const t = testConfig({ database: { kind: 'postgres', url: url.toString() } });
    cleanup = t.cleanup;
    app = await buildApp(t.config);
    base = await listenOnLoopback(app);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { token: string }).token;
  });
  afterAll(async () => {
    await Promise.all(cpes.map((c) => c.close()));
    await app?.close();
    await proxy?.cut();
    await drop?.();
    cleanup?.();
  });

  it('serves through the proxy before the outage', async () => {
    expect((await listDevices()).status).toBe(200);
    const before = cpe('OUTAGE0');
    expect((await before.inform()).status).toBe(200);
    expect((await before.post('')).status).toBe(204);
  });

  it('answers the API 503 with Retry-After and the error shape while the database is cut', async () => {
    await proxy.cut();
    const res = await listDevices();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
    expect(res.body.error).toBe('Service Unavailable');
    expect(res.body.message).toMatch(/database is not reachable.*Try again/);
  });

  it("answers a router's Inform 503 with Retry-After, as text, closing the connection", async () => {
    const res = await cpe('OUTAGE1').inform();
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers.connection).toBe('close');
    expect(res.text).toMatch(/database is not reachable/);
  });

  it('answers 503 instead of waiting on a database that accepts connections and never answers', async () => {
    // POSTGRES_CONNECT_TIMEOUT_MS bounds the wait; without it this request never gets an answer.
    await proxy.listen('stall');
    const res = await listDevices();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    await proxy.cut();
  });

  it('serves the API and routers again once the database is back, without a restart', async () => {
    await proxy.listen();
    const api = await eventually(listDevices, (r) => r.status === 200);
    expect(api.status).toBe(200);
    const router = cpe('OUTAGE2');
    const inform = await eventually(
      () => {
        router.forgetCookies();
        return router.inform();
      },
      (r) => r.status === 200,
    );
    expect(inform.status).toBe(200);
    expect((await router.post('')).status).toBe(204);
    const after = await listDevices();
    expect((after.body.devices as { serialNumber: string }[]).map((d) => d.serialNumber).sort()).toEqual([
      'OUTAGE0',
      'OUTAGE2',
    ]);
  });
});
