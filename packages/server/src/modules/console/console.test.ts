import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const INDEX = `<!doctype html><html><head>
<meta name="provisor:provider-name" content="__PROVISOR_PROVIDER_NAME__">
<meta name="provisor:server-address" content="__PROVISOR_SERVER_ADDRESS__">
<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

describe('console serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'provisor-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("console")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({
      webDist: dist,
      providerName: 'Acme "Fibre" <Net>',
      host: '127.0.0.1',
      port: 3029,
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / with the provider name (escaped) and server address, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('content="Acme &quot;Fibre&quot; &lt;Net&gt;"');
    expect(res.body).toContain('content="127.0.0.1:3029"');
    expect(res.body).not.toContain('__PROVISOR_');
  });

  it('falls back to index.html for client routes (SPA)', async () => {
    for (const url of ['/devices', '/login?next=%2Fdevices', '/some/unknown/path']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("console")');
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Served over plain HTTP too: assets must not be upgraded to HTTPS (e2e/tests/plain-http.spec.ts).
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves files outside the console directory', async () => {
    for (const url of [
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/hosts',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toMatch(/root:|"name"|localhost/);
    }
  });

  it('does not answer API paths with the console', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/whatever' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Unauthorized');
  });
});
