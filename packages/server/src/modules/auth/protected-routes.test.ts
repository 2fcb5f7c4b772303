// Every protected route (each /api route but sign-in, and /ws) refuses a request without a valid,
// unrevoked, unexpired token. Routes are enumerated from the app, so routes added later are covered.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, JWT_SECRET, login } from '../../../test/helpers';
import { isProtectedPath } from './plugin';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const secret = new TextEncoder().encode(JWT_SECRET);

describe('protected routes', () => {
  let t: TestApp;
  const tokens: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await buildTestApp();
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
  afterAll(async () => t.close());

  it('finds the protected routes to check', () => {
    const urls = t.app.routeTable.filter((r) => isProtectedPath(r.url) && !r.public).map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/auth/logout', '/api/auth/refresh', '/api/auth/verify', '/ws']),
    );
  });

  it('answers 401 JSON on every protected route for a missing, malformed, tampered, revoked or expired token', async () => {
    const routes = t.app.routeTable.filter((r) => isProtectedPath(r.url) && !r.public);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');
      for (const [kind, headers] of Object.entries(tokens)) {
        const res = await t.app.inject({ method: route.method as 'GET', url, headers });
        const body = route.method === 'HEAD' ? null : res.json();
        if (
          res.statusCode !== 401 ||
          (body && (typeof body.error !== 'string' || typeof body.message !== 'string'))
        ) {
          failures.push(`${route.method} ${route.url} with ${kind} token: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a valid token through', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });

  it('also protects unknown /api paths (no token, no hint of what exists)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/devices-that-do-not-exist' });
    expect(res.statusCode).toBe(401);
  });
});
