import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, buildTestApp, JWT_SECRET, login } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('auth API (spec §7 Auth)', () => {
  let t: TestApp;
  // The sign-in limiter's clock: it stands still unless a test moves it.
  let clock: number;
  beforeEach(async () => {
    clock = Date.now();
    t = await buildTestApp({ loginMaxFailures: 3, loginWindowSeconds: 60 }, { now: () => clock });
  });
  afterEach(async () => t.close());

  it('signs in with the right password and answers {token, username}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.username).toBe('admin');
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.keys(body).sort()).toEqual(['token', 'username']);
  });

  it('refuses a wrong password with 401 and a readable error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'Invalid username or password',
      message: 'Check the username and password and try again.',
    });
  });

  it('refuses an unknown user exactly like a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody', password: 'whatever1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid username or password');
  });

  it('stores a salted hash, never the password', async () => {
    const row = await t.app.services.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(ADMIN_PASSWORD);
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
  });

  it('verify answers {valid, username} for a good token', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, username: 'admin' });
  });

  it('refresh rotates: the new token works and the old one is refused', async () => {
    const old = await login(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(old) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect(fresh).not.toBe(old);
    const withNew = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(fresh) });
    expect(withNew.statusCode).toBe(200);
    const withOld = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(old) });
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json().message).toMatch(/ended/);
  });

  it('logout revokes the token', async () => {
    const token = await login(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('a token survives a restart (the signing secret is kept in the database)', async () => {
    const dbConfig = t.config;
    const token = await login(t.app);
    await t.app.close();
    const { buildApp } = await import('../../app');
    const again = await buildApp({ ...dbConfig, jwtSecret: undefined });
    try {
      // The first app had a configured secret; without one, a secret is generated and persisted.
      const t2 = await login(again);
      await again.close();
      const third = await buildApp({ ...dbConfig, jwtSecret: undefined });
      const res = await third.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(t2) });
      expect(res.statusCode).toBe(200);
      const old = await third.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
      expect(old.statusCode).toBe(401);
      await third.close();
    } finally {
      t = await buildTestApp();
    }
  });

  it('answers 429 with Retry-After after too many failures: the address paused, the username slowed', async () => {
    const attempt = (username: string, password: string, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await attempt('admin', 'bad-password')).statusCode).toBe(401);
    const blocked = await attempt('admin', ADMIN_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(blocked.json().error).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect(blocked.headers['retry-after']).toBe('60');
    // Same username from another address: slowed (per-username), not locked: a second later it may try.
    const slowed = await attempt('admin', ADMIN_PASSWORD, '10.0.0.2');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json().error).toBe('Too many sign-in attempts. Try again in 1 second.');
    clock += 1000;
    expect((await attempt('admin', ADMIN_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
    // Another username from the first address: blocked too (per-address limit).
    expect((await attempt('someone', 'x', '10.0.0.1')).statusCode).toBe(429);
    // Another username from a fresh address is untouched.
    expect((await attempt('someone', 'x', '10.0.0.3')).statusCode).toBe(401);
  });

  it('rejects malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid JSON/);
  });

  it('rejects a login without a password with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/password/);
  });

  it('rejects an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Payload Too Large');
  });

  it('answers an unknown /api route with 404 JSON once signed in', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Not Found',
      message: expect.stringContaining('/api/no-such-thing'),
    });
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await new SignJWT({ username: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setJti('y')
      .setIssuer('provisor')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
  });

  it('uses the configured JWT secret', async () => {
    const token = await login(t.app);
    const { jwtVerify } = await import('jose');
    await expect(jwtVerify(token, new TextEncoder().encode(JWT_SECRET))).resolves.toBeTruthy();
  });
});
