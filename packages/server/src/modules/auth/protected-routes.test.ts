// Every route but the few declared public refuses a request without a valid, unrevoked, unexpired
// token. Protection is decided on the route the router matched, so each route is tried over real
// HTTP at its literal path and at every other spelling of it: percent-encoded letters, doubled
// slashes, dot segments, other case, trailing characters. Routes are enumerated from the app, so
// routes added later are covered.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, buildTestApp, JWT_SECRET, listenOnLoopback, login } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const secret = new TextEncoder().encode(JWT_SECRET);
const CONSOLE_MARKER = 'provisor-console-under-test';

/** The routes anyone may call: sign-in, the console, the router doors (they authenticate routers). */
const PUBLIC_ROUTES = [
  'POST /api/auth/login',
  'GET /*',
  'HEAD /*',
  'GET /files/:job/:token/:name',
  'HEAD /files/:job/:token/:name',
  'PUT /files/:job/:token/:name',
  'POST /files/:job/:token/:name',
  'POST /',
  'POST /*',
  // Operations (issue 18): a load balancer's liveness and readiness probes carry no sign-in and
  // answer one word; /metrics checks its own bearer token (PROVISOR_METRICS_TOKEN), 404 when unset.
  'GET /health',
  'HEAD /health',
  'GET /ready',
  'HEAD /ready',
  'GET /metrics',
  'HEAD /metrics',
];

/** Other spellings of a path that a client could send for it. */
function pathVariants(path: string): string[] {
  const segments = path.split('/').slice(1);
  const join = (s: string[]) => `/${s.join('/')}`;
  const encode = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const variants = [
    path,
    // Percent-encoded: the first letter of each segment, of one segment, every letter.
    join(segments.map((s) => (s ? encode(s[0]!) + s.slice(1) : s))),
    ...segments.map((_, i) => join(segments.map((s, j) => (j === i && s ? encode(s[0]!) + s.slice(1) : s)))),
    join(segments.map((s) => [...s].map(encode).join(''))),
    join(segments.map((s) => s.replace(/[a-z]/, (c) => encode(c.toUpperCase())))),
    // Doubled slashes.
    `/${path}`,
    path.replace(/\//g, '//'),
    ...segments.slice(1).map((_, i) => join([...segments.slice(0, i + 1), '', ...segments.slice(i + 1)])),
    `${path}//`,
    // Dot segments, plain and encoded.
    `/.${path}`,
    join([segments[0]!, '.', ...segments.slice(1)]),
    join([segments[0]!, 'x', '..', ...segments.slice(1)]),
    join([segments[0]!, '%2e', ...segments.slice(1)]),
    join([segments[0]!, 'x', '%2e%2e', ...segments.slice(1)]),
    join([segments[0]!, 'x', '.%2E', ...segments.slice(1)]),
    `${path}/.`,
    `${path}/x/..`,
    // Case.
    path.toUpperCase(),
    join(segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1))),
    // Trailing and separating characters.
    `${path}/`,
    `${path}?x=1`,
    `${path};x`,
    `${path}%00`,
    `${path}%20`,
    path.replace(/\//g, '%2F').replace(/^%2F/, '/'),
    path.replace(/\//g, '\\').replace(/^\\/, '/'),
    path.replace(/(?<=.)\/(?=[^/]*$)/, '\\'),
  ];
  return [...new Set(variants)];
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** One request over real HTTP with the path sent exactly as given. */
function send(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(hasBody ? '{}' : undefined);
  });
}

/**
 * Whether an answer shows that no protected handler ran: 401 from auth, 404 from the not-found
 * handler (not a handler's own 404, e.g. "Device not found"), or the console's page.
 */
function refused(method: string, a: Answer): boolean {
  if (a.status === 401) return method === 'HEAD' || JSON.parse(a.body).error === 'Unauthorized';
  if (a.status === 404)
    return method === 'HEAD' || /^No route /.test((JSON.parse(a.body) as { message: string }).message);
  if (a.status === 200 && a.contentType.startsWith('text/html'))
    return method === 'HEAD' || a.body.includes(CONSOLE_MARKER);
  return false;
}

describe('protected routes', () => {
  let t: TestApp;
  let port: number;
  let webDist: string;
  const tokens: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    // A built console, so that its catch-all route is there as in production.
    webDist = mkdtempSync(join(tmpdir(), 'provisor-web-'));
    writeFileSync(join(webDist, 'index.html'), `<!doctype html><title>${CONSOLE_MARKER}</title>`);
    t = await buildTestApp({ webDist });
    port = Number(new URL(await listenOnLoopback(t.app)).port);
    const revoked = await login(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revoked) });
    const good = await login(t.app);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, username: 'root' })).toString('base64url')}.${signature}`;
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ username: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti('expired-token')
      .setIssuer('provisor')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secret);
    Object.assign(tokens, {
      none: {},
      malformed: bearer('not-a-token'),
      'wrong scheme': { authorization: `Basic ${Buffer.from('admin:x').toString('base64')}` },
      tampered: bearer(tampered),
      revoked: bearer(revoked),
      expired: bearer(expired),
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const protectedRoutes = () => t.app.routeTable.filter((r) => !r.public);

  it('declares exactly the sign-in, console and router doors public', () => {
    const declared = t.app.routeTable.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual([...PUBLIC_ROUTES].sort());
    expect(protectedRoutes().map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/auth/logout', '/api/auth/refresh', '/api/auth/verify', '/ws']),
    );
  });

  it('answers 401 JSON on every protected route for a missing, malformed, tampered, revoked or expired token', async () => {
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const url = route.url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');
      for (const [kind, headers] of Object.entries(tokens)) {
        const res = await send(port, route.method, url, headers);
        const body = route.method === 'HEAD' ? null : JSON.parse(res.body);
        if (
          res.status !== 401 ||
          (body && (typeof body.error !== 'string' || typeof body.message !== 'string'))
        ) {
          failures.push(`${route.method} ${route.url} with ${kind} token: ${res.status} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('reaches no protected handler without a token at any spelling of its path', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of protectedRoutes()) {
      const path = route.url.replace(/:[^/]+/g, 'x');
      for (const variant of pathVariants(path)) {
        const res = await send(port, route.method, variant).catch((err: Error): Answer => ({
          status: -1,
          contentType: '',
          body: err.message,
        }));
        tried++;
        if (!refused(route.method, res))
          failures.push(`${route.method} ${variant}: ${res.status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(protectedRoutes().length * 25);
  });

  it('answers the encoded spellings of the issue as the literal paths (401, not 200 or 500)', async () => {
    for (const path of ['/%61pi/devices', '/%61pi/settings', '/%61pi/auth/verify', '/%77s']) {
      const res = await send(port, 'GET', path);
      expect(res.status, path).toBe(401);
    }
    const write = await send(port, 'PUT', '/%61pi/settings');
    expect(write.status).toBe(401);
  });

  it('opens no live channel without a token at any spelling of /ws', async () => {
    const outcomes: string[] = [];
    for (const variant of pathVariants('/ws')) {
      const outcome = await new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}${variant}`, ['provisor']);
        ws.once('open', () => {
          ws.terminate();
          resolve(`${variant}: opened`);
        });
        ws.once('unexpected-response', (req, res) => {
          req.destroy();
          resolve(`${variant}: HTTP ${res.statusCode}`);
        });
        ws.once('error', (err) => resolve(`${variant}: ${err.message}`));
      });
      outcomes.push(outcome);
    }
    expect(outcomes.filter((o) => o.endsWith('opened'))).toEqual([]);
    expect(outcomes).toContain('/%77s: HTTP 401');
  });

  it('lets a valid token through, at an encoded spelling too', async () => {
    const token = await login(t.app);
    for (const path of ['/api/auth/verify', '/%61pi/auth/verify']) {
      const res = await send(port, 'GET', path, bearer(token));
      expect(res.status, path).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ valid: true, username: 'admin' });
    }
  });

  it('also protects unknown paths (no token, no hint of what exists)', async () => {
    for (const [method, path] of [
      ['GET', '/api/devices-that-do-not-exist'],
      ['GET', '/%61pi/devices-that-do-not-exist'],
      ['DELETE', '/anything'],
      ['PATCH', '/api/devices'],
    ] as const) {
      const res = await send(port, method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
