// Every API answer carries exactly the fields its route declares. Fastify serialises by the
// declared schema, so an undeclared field never leaves; the strict answer check (on in every test
// app) turns a handler or mapper that builds one into a failing answer that names it. The routes of a
// seeded server are then walked over real HTTP and each answer validated against its declared
// schema, and every live message against the contract.
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeviceSchema } from '../modules/devices/schemas';
import { toApiDevice } from '../modules/devices/service';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../test/helpers';
import { TestCpe } from '../../test/cpe-client';
import { multipart } from '../../test/multipart';
import { liveMessageProblems } from './strict-answers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
// The walk reads answers field by field; a loose type keeps it readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CR_SECRET = 'secret-cr-device-41f7';

/** Routes whose answer is a file or a stream, not JSON described by a schema. */
const NOT_JSON = new Set(['/ws', '/api/files/:id/download', '/api/audit/export.csv', '/api/docs']);

/** A route that copies a stored secret into its answer, as a mapper spreading a row would. */
async function addLeakyRoute(t: TestApp) {
  t.app.get<{ Params: { id: string } }>(
    '/api/test/leaky-device/:id',
    { schema: getDeviceSchema, config: { permission: 'read' } },
    async (request) => {
      const row = await t.app.services.devices.get(request.params.id);
      return { device: { ...toApiDevice(row), connectionRequestPassword: row.connection_request_password } };
    },
  );
  t.app.get(
    '/api/test/undeclared',
    { schema: { response: { 404: getDeviceSchema.response[404] } }, config: { permission: 'read' } },
    async () => ({
      anything: 'goes',
    }),
  );
}

async function registerDevice(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/api/devices/register`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({
      serialNumber: 'LEAK0001',
      oui: '00259E',
      productClass: 'EG8145V5',
      connectionRequestUrl: 'http://192.0.2.10:7547/',
      connectionRequestPassword: CR_SECRET,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { device: { id: string } }).device.id;
}

describe('strict answers', () => {
  it('fails an answer that carries a field its schema does not declare, naming the field', async () => {
    const t = await buildTestApp();
    try {
      await addLeakyRoute(t);
      const base = await listenOnLoopback(t.app);
      const token = await login(t.app);
      const id = await registerDevice(base, token);
      const res = await fetch(`${base}/api/test/leaky-device/${id}`, { headers: bearer(token) });
      const body = (await res.json()) as { error: string; message: string };
      expect(res.status).toBe(500);
      expect(body.error).toBe('Answer breaks its schema');
      expect(body.message).toContain('/device carries "connectionRequestPassword"');
      expect(JSON.stringify(body)).not.toContain(CR_SECRET);
      // The same answer through a declared route that builds it right passes.
      const good = await fetch(`${base}/api/devices/${id}`, { headers: bearer(token) });
      expect(good.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('fails a success answer for which the route declares no schema', async () => {
    const t = await buildTestApp();
    try {
      await addLeakyRoute(t);
      const base = await listenOnLoopback(t.app);
      const res = await fetch(`${base}/api/test/undeclared`, { headers: bearer(await login(t.app)) });
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).toBe(
        'GET /api/test/undeclared answered 200, for which it declares no schema.',
      );
    } finally {
      await t.close();
    }
  });

  it('without the check (production), the declared schema still keeps the undeclared field from leaving', async () => {
    const t = await buildTestApp({}, { strictAnswers: false });
    try {
      await addLeakyRoute(t);
      const base = await listenOnLoopback(t.app);
      const token = await login(t.app);
      const id = await registerDevice(base, token);
      const res = await fetch(`${base}/api/test/leaky-device/${id}`, { headers: bearer(token) });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(CR_SECRET);
      expect(JSON.parse(text).device).toMatchObject({ id, connectionRequestPasswordSet: true });
    } finally {
      await t.close();
    }
  });

  it('holds live messages to the contract', () => {
    const timestamp = new Date().toISOString();
    const status = {
      serialNumber: 'SN1',
      status: 'online',
      deviceId: 'd1',
      productClass: 'EG8145V5',
      oui: '00259E',
    } as const;
    expect(liveMessageProblems({ type: 'device_status_update', timestamp, payload: status })).toEqual([]);
    const leaky = { ...status, connectionRequestPassword: CR_SECRET };
    expect(liveMessageProblems({ type: 'device_status_update', timestamp, payload: leaky })).toEqual([
      'device_status_update: (the payload) carries "connectionRequestPassword", which its schema does not declare',
    ]);
    const wrong = { ...status, status: 'rebooting' as 'online' };
    expect(liveMessageProblems({ type: 'device_status_update', timestamp, payload: wrong })).toEqual([
      'device_status_update: /status must be equal to one of the allowed values',
    ]);
  });
});

describe('every JSON route of a seeded server', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  const ids = {
    device: '',
    job: '',
    template: '',
    profile: '',
    file: '',
    operation: '',
    group: '',
    campaign: '',
  };
  const api = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    base = await listenOnLoopback(t.app);
    token = await login(t.app);
    const cpe = new TestCpe(base);
    expect((await cpe.inform(['0 BOOTSTRAP', '1 BOOT'])).status).toBe(200);
    await cpe.post('');
    await cpe.close();
    ids.device = (await api('GET', '/api/devices')).json.devices[0].id;
    expect(
      (await api('PUT', `/api/devices/${ids.device}`, { connectionRequestPassword: CR_SECRET })).status,
    ).toBe(200);
    ids.template = (await api('GET', '/api/templates')).json.templates[0].id;
    ids.profile = (
      await api('POST', '/api/profiles', { name: 'Walk', templateId: ids.template, values: {} })
    ).json.profile.id;
    const upload = multipart({ kind: 'firmware' }, { field: 'file', name: 'fw.bin', content: 'firmware' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...bearer(token), ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    ids.file = uploaded.json().file.id;
    // Jobs of several types, one of them finished with a result, one a transfer (it keeps a token).
    await api('POST', `/api/devices/${ids.device}/firmware-upgrade`, { fileId: ids.file, version: '2.0' });
    await api('POST', `/api/devices/${ids.device}/reboot`);
    // A bulk operation, for the operations routes.
    ids.operation = (
      await api('POST', '/api/provisioning/bulk/reboot', { deviceIds: [ids.device] })
    ).json.operationId;
    ids.job = (
      await api('POST', `/api/devices/${ids.device}/get-parameters`, {
        parameters: ['InternetGatewayDevice.Time.'],
      })
    ).json.job.id;
    // A device group and a campaign over it (issue 21), for their routes.
    ids.group = (await api('POST', '/api/groups', { name: 'All', filter: {} })).json.group.id;
    ids.campaign = (
      await api('POST', '/api/campaigns', {
        name: 'Walk',
        groupId: ids.group,
        fileId: ids.file,
        targetVersion: '2.0',
        canarySize: 1,
        waves: [100],
        soakMinutes: 0,
        maxConcurrent: 1,
      })
    ).json.campaign.id;
    await t.app.services.jobs.finish(await t.app.services.jobs.get(ids.job), 'completed', {
      result: {
        parameters: [{ name: 'InternetGatewayDevice.Time.NTPServer1', value: 'pool', type: 'string' }],
      },
    });
  });
  afterAll(async () => t.close());

  it('answers every GET within the schema it declares, and nothing of a stored secret', async () => {
    const idFor = (url: string) =>
      url.startsWith('/api/devices/')
        ? ids.device
        : url.startsWith('/api/provisioning/jobs/')
          ? ids.job
          : url.startsWith('/api/provisioning/operations/')
            ? ids.operation
            : url.startsWith('/api/profiles/template/') || url.startsWith('/api/templates/')
              ? ids.template
              : url.startsWith('/api/profiles/')
                ? ids.profile
                : url.startsWith('/api/files/')
                  ? ids.file
                  : url.startsWith('/api/groups/')
                    ? ids.group
                    : url.startsWith('/api/campaigns/')
                      ? ids.campaign
                      : 'none';
    // The declared schemas, checked as declared: no coercion, no defaults, nothing removed.
    const ajv = new Ajv({ allErrors: true, strict: false });
    const failures: string[] = [];
    const answered: string[] = [];
    const routes = t.app.routeTable.filter(
      (r) => r.method === 'GET' && !r.public && !NOT_JSON.has(r.url) && !r.url.startsWith('/api/test/'),
    );
    for (const route of routes) {
      const res = await fetch(`${base}${route.url.replace(/:id/g, idFor(route.url))}`, {
        headers: bearer(token),
      });
      const text = await res.text();
      if (res.status !== 200) {
        failures.push(`${route.url}: ${res.status} ${text.slice(0, 200)}`);
        continue;
      }
      answered.push(route.url);
      const validate = ajv.compile(route.responses['200'] as object);
      if (!validate(JSON.parse(text))) failures.push(`${route.url}: ${ajv.errorsText(validate.errors)}`);
      if (text.includes(CR_SECRET)) failures.push(`${route.url} carries the connection-request password`);
    }
    expect(failures).toEqual([]);
    expect(answered).toEqual(
      expect.arrayContaining([
        '/api/devices',
        '/api/devices/:id',
        '/api/devices/:id/jobs',
        '/api/devices/:id/files',
        '/api/provisioning/jobs',
        '/api/provisioning/jobs/:id',
        '/api/provisioning/operations',
        '/api/provisioning/operations/:id',
        '/api/templates/:id',
        '/api/templates/:id/export',
        '/api/profiles/:id',
        '/api/files',
        '/api/settings',
        '/api/stats',
      ]),
    );
  });
});
