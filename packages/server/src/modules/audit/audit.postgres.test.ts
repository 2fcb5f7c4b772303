// Users, roles, API tokens and the audit log on PostgreSQL (migration 0022's tables, the session
// epoch's increment, the audit filters' LIKE and count, the CSV export).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, login, testConfig } from '../../../test/helpers';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { buildApp } from '../../app';

describeWithPostgres('users, tokens and the audit log on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let cleanup: () => void;
  let admin: string;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const t = testConfig({ database: { kind: 'postgres', url: db.url } });
    cleanup = t.cleanup;
    app = await buildApp(t.config);
    admin = await login(app);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    cleanup?.();
  });
  const req = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('keeps roles, ends sessions, authenticates and revokes tokens, and audits it all', async () => {
    const created = await req(admin, 'POST', '/api/users', {
      username: 'pg.viewer',
      password: 'pg-viewer-pass',
      role: 'viewer',
    });
    expect(created.statusCode).toBe(201);
    const viewer = await login(app, 'pg.viewer', 'pg-viewer-pass');
    expect((await req(viewer, 'GET', '/api/auth/me')).json().role).toBe('viewer');
    expect((await req(viewer, 'POST', '/api/devices/x/reboot')).statusCode).toBe(403);
    expect(
      (await req(admin, 'PATCH', `/api/users/${created.json().id}`, { password: 'another-pass-1' }))
        .statusCode,
    ).toBe(200);
    expect((await req(viewer, 'GET', '/api/devices')).statusCode).toBe(401);

    const token = await req(admin, 'POST', '/api/tokens', { name: 'pg', role: 'operator', expiresInDays: 7 });
    const { secret, token: listed } = token.json();
    expect((await req(secret, 'GET', '/api/devices')).statusCode).toBe(200);
    expect((await req(admin, 'DELETE', `/api/tokens/${listed.id}`)).statusCode).toBe(204);
    expect((await req(secret, 'GET', '/api/devices')).statusCode).toBe(401);

    await app.services.audit.flush();
    const page = (await req(admin, 'GET', '/api/audit?action=users&limit=10')).json();
    expect(page.total).toBe(2);
    expect(page.entries.map((e: { action: string; target: string }) => [e.action, e.target])).toEqual([
      ['users.update', 'pg.viewer'],
      ['users.create', 'pg.viewer'],
    ]);
    const csv = await req(admin, 'GET', `/api/audit/export.csv?action=tokens.delete`);
    expect(csv.body.split('\r\n')[1]).toContain(
      `tokens.delete,DELETE /api/tokens/:id,${listed.id},127.0.0.1,success,204`,
    );
  });
});
