// Templates and profiles on PostgreSQL: seeding, search (dialect-specific SQL), versions, 409.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, login, testConfig } from '../../../test/helpers';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { buildApp } from '../../app';

describeWithPostgres('templates and profiles on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let cleanup: () => void;
  let token: string;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const t = testConfig({ database: { kind: 'postgres', url: db.url } });
    cleanup = t.cleanup;
    app = await buildApp(t.config);
    token = await login(app);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    cleanup?.();
  });
  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('seeds, searches, versions and protects templates in use', async () => {
    const templates = (await req('GET', '/api/templates?search=huawei')).json();
    expect(templates.total).toBe(1);
    const templateId = templates.templates[0].id;
    const created = await req('POST', '/api/profiles', {
      name: 'Kupac - Horvat',
      templateId,
      values: { wifi_ssid: 'GT_Horvat', wifi_password: 'lozinka123', surname: 'Horvat' },
    });
    expect(created.json().profile.validationStatus).toBe('valid');
    const id = created.json().profile.id;
    expect((await req('GET', '/api/profiles?search=GT_HOR')).json().total).toBe(1);
    expect((await req('GET', '/api/profiles?search=%25')).json().total).toBe(0);
    const v2 = await req('POST', `/api/profiles/${id}/version`, {
      values: { wifi_ssid: 'GT_Horvat2', wifi_password: 'lozinka123' },
      changelog: 'renamed',
    });
    expect(v2.json().profile.version).toBe(2);
    expect((await req('GET', `/api/profiles/${id}/versions`)).json().total).toBe(2);
    expect((await req('DELETE', `/api/templates/${templateId}`)).statusCode).toBe(409);
    expect((await req('DELETE', `/api/profiles/${id}`)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/templates/${templateId}`)).statusCode).toBe(204);
  });
});
