// Secrets never leave the server: passwords are write-only in the API (an answer says whether one is
// set), and every route that answers JSON declares what it answers, so Fastify serialises nothing
// else. Every GET route is called with real ids and searched for the secrets the test stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../test/helpers';
import { TestCpe } from '../test/cpe-client';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Routes whose answer is a file or a stream, not JSON described by a schema. */
const NOT_JSON = [
  'GET /ws',
  'HEAD /ws',
  'POST /api/provisioning/bulk/export-parameters',
  'GET /api/files/:id/download',
  'HEAD /api/files/:id/download',
];
const SECRETS = {
  cwmp: 'secret-cwmp-global-7c1e',
  connectionRequest: 'secret-cr-global-9a4d',
  deviceCwmp: 'secret-cwmp-device-2b8f',
  deviceCr: 'secret-cr-device-5e0a',
  tree: 'secret-in-tree-3d6c',
  job: 'secret-in-job-8f2b',
};
const MS = 'InternetGatewayDevice.ManagementServer';

/** Property names anywhere in a JSON schema. */
function propertyNames(schema: unknown, out: string[] = []): string[] {
  if (Array.isArray(schema)) for (const s of schema) propertyNames(s, out);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') out.push(...Object.keys(value));
      propertyNames(value, out);
    }
  }
  return out;
}

describe('secrets', () => {
  let t: TestApp;
  let token: string;
  const ids = { device: '', job: '', template: '', profile: '' };
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
    const cpe = new TestCpe(await listenOnLoopback(t.app));
    expect((await cpe.inform()).status).toBe(200);
    await cpe.post('');
    await cpe.close();
    ids.device = (await api('GET', '/api/devices')).json().devices[0].id;
    const settings = await api('PUT', '/api/settings', {
      cwmp: { username: 'acs', password: SECRETS.cwmp },
      connectionRequest: { username: 'cr', password: SECRETS.connectionRequest },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.body).not.toContain(SECRETS.cwmp);
    const device = await api('PUT', `/api/devices/${ids.device}`, {
      cwmpUsername: 'own',
      cwmpPassword: SECRETS.deviceCwmp,
      connectionRequestPassword: SECRETS.deviceCr,
    });
    expect(device.statusCode).toBe(200);
    expect(device.json().device).toMatchObject({ cwmpPasswordSet: true, connectionRequestPasswordSet: true });
    await t.app.services.devices.storeParameters(ids.device, [
      { name: `${MS}.ConnectionRequestPassword`, value: SECRETS.tree },
      { name: `${MS}.Password`, value: SECRETS.tree },
    ]);
    const job = await api('POST', `/api/devices/${ids.device}/set-parameters`, {
      parameters: [{ name: `${MS}.ConnectionRequestPassword`, value: SECRETS.job }],
    });
    expect(job.statusCode).toBe(200);
    ids.job = job.json().job.id;
    // As a set-parameters job records what the router confirmed, and get-parameters what it read.
    await t.app.services.jobs.finish(await t.app.services.jobs.get(ids.job), 'completed', {
      result: {
        status: 0,
        parameters: [
          { name: `${MS}.ConnectionRequestPassword`, value: SECRETS.job, type: 'string' },
          { name: `${MS}.Password`, value: SECRETS.job, type: 'string' },
        ],
      },
    });
    ids.template = (await api('GET', '/api/templates')).json().templates[0].id;
    const profile = await api('POST', '/api/profiles', {
      name: 'Secret test',
      templateId: ids.template,
      values: {},
    });
    ids.profile = profile.json().profile?.id ?? 'none';
  });
  afterAll(async () => t.close());

  it('declares the answer of every route that answers JSON', () => {
    const undeclared = t.app.routeTable
      .filter((r) => !r.public && Object.keys(r.responses).length === 0)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared.sort()).toEqual([...NOT_JSON].sort());
  });

  it('declares no password, hash or secret in any answer (only whether a password is set)', () => {
    // The one exception: a created customer's Wi-Fi password in the CSV import's per-row result (spec
    // §3 "Import result per row"), which the operator hands to the customer; it is the profile's own
    // value, not a credential of the ACS or of a router's management. Only that route may name it.
    const customerImport = (r: { method: string; url: string }) =>
      r.method === 'POST' && r.url === '/api/profiles/bulk-import-csv';
    // And an API token's secret, answered once by its creation (issue 22) and stored only as a hash:
    // only that route may name it.
    const tokenCreation = (r: { method: string; url: string }) =>
      r.method === 'POST' && r.url === '/api/tokens';
    const declared = (r: { method: string; url: string; responses: unknown }) =>
      propertyNames(r.responses).filter(
        (n) => !(customerImport(r) && n === 'password') && !(tokenCreation(r) && n === 'secret'),
      );
    expect(t.app.routeTable.filter(customerImport).flatMap((r) => propertyNames(r.responses))).toContain(
      'password',
    );
    expect(t.app.routeTable.filter(tokenCreation).flatMap((r) => propertyNames(r.responses))).toContain(
      'secret',
    );
    const names = new Set(t.app.routeTable.flatMap(declared));
    const secretLooking = [...names].filter((n) => /password|secret|hash|nonce/i.test(n) && !/Set$/.test(n));
    expect(secretLooking).toEqual([]);
    expect(names).toContain('passwordSet');
    expect(names).toContain('connectionRequestPasswordSet');
  });

  it('answers passwords as set or not, in the settings and the devices', async () => {
    const settings = (await api('GET', '/api/settings')).json();
    expect(settings.cwmp).toMatchObject({ username: 'acs', passwordSet: true });
    expect(settings.cwmp).not.toHaveProperty('password');
    expect(settings.connectionRequest).toMatchObject({ username: 'cr', passwordSet: true });
    expect(settings.connectionRequest).not.toHaveProperty('password');
    const device = (await api('GET', `/api/devices/${ids.device}`)).json().device;
    expect(device).not.toHaveProperty('connectionRequestPassword');
    expect(device).not.toHaveProperty('cwmpPassword');
    // A password left out of a save is kept; an empty one clears it.
    await api('PUT', '/api/settings', { cwmp: { sessionTimeout: 40 } });
    expect(t.app.services.settings.get().cwmp.password).toBe(SECRETS.cwmp);
    const cleared = await api('PUT', '/api/settings', { connectionRequest: { password: '' } });
    expect(cleared.json().settings.connectionRequest.passwordSet).toBe(false);
    await api('PUT', '/api/settings', { connectionRequest: { password: SECRETS.connectionRequest } });
  });

  it('carries no stored secret in the answer of any GET route', async () => {
    const idFor = (url: string) =>
      url.startsWith('/api/devices/')
        ? ids.device
        : url.startsWith('/api/provisioning/jobs/')
          ? ids.job
          : url.startsWith('/api/profiles/template/') || url.startsWith('/api/templates/')
            ? ids.template
            : url.startsWith('/api/profiles/')
              ? ids.profile
              : 'none';
    const answered: string[] = [];
    const leaks: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.method !== 'GET' || route.public || route.url === '/ws') continue;
      const url = route.url.replace(/:id/g, idFor(route.url));
      const res = await api('GET', url);
      if (res.statusCode === 200) answered.push(route.url);
      for (const [what, secret] of Object.entries(SECRETS))
        if (res.body.includes(secret)) leaks.push(`${url} carries the ${what} secret`);
    }
    const exported = await api('POST', '/api/provisioning/bulk/export-parameters', {
      deviceIds: [ids.device],
      format: 'json',
    });
    expect(exported.statusCode).toBe(200);
    for (const [what, secret] of Object.entries(SECRETS))
      if (exported.body.includes(secret)) leaks.push(`export-parameters carries the ${what} secret`);
    expect(leaks).toEqual([]);
    expect(answered).toEqual(
      expect.arrayContaining([
        '/api/settings',
        '/api/devices',
        '/api/devices/:id',
        '/api/devices/:id/parameters',
        '/api/devices/:id/jobs',
        '/api/provisioning/jobs',
        '/api/provisioning/jobs/:id',
        '/api/profiles/:id',
      ]),
    );
  });
});
