// The device API never answers a device's stored passwords (issue 15: the device API returned
// `connectionRequestPassword`): not in the list, one device, a search, the unassigned list, the
// answers of register, edit and assign-profile, nor the JSON export. It says only whether a password
// is set. Over real HTTP, with the passwords stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const SECRETS = {
  registered: 'secret-cr-registered-7d21',
  edited: 'secret-cr-edited-3b90',
  cwmp: 'secret-cwmp-device-c4e8',
};
const SECRET_FIELDS = ['connectionRequestPassword', 'cwmpPassword', 'password'];

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  return out;
}

describe('the device API and stored passwords', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  const ids = { registered: '', informed: '', profile: '' };
  /** What each call answered, by name, as sent over the wire. */
  const answers = new Map<string, { status: number; text: string }>();

  async function call(name: string, method: string, path: string, body?: object) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = { status: res.status, text: await res.text() };
    answers.set(name, answer);
    return answer;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    base = await listenOnLoopback(t.app);
    token = await login(t.app);
    // One device registered with a connection-request password, one learned from an Inform and
    // given passwords by an edit.
    const registered = await call('register', 'POST', '/api/devices/register', {
      serialNumber: 'SECRET0001',
      oui: '00259E',
      productClass: 'EG8145V5',
      connectionRequestUrl: 'http://192.0.2.10:7547/',
      connectionRequestUsername: 'cr-user',
      connectionRequestPassword: SECRETS.registered,
    });
    expect(registered.status).toBe(201);
    ids.registered = JSON.parse(registered.text).device.id;
    const cpe = new TestCpe(base);
    expect((await cpe.inform(['0 BOOTSTRAP', '1 BOOT'])).status).toBe(200);
    await cpe.post('');
    await cpe.close();
    ids.informed = (
      await t.app.services.devices.list({ search: 'HWTC00000001', limit: 1, offset: 0 })
    ).rows[0]!.id;
    const edited = await call('edit', 'PUT', `/api/devices/${ids.informed}`, {
      connectionRequestPassword: SECRETS.edited,
      cwmpUsername: 'own-device',
      cwmpPassword: SECRETS.cwmp,
    });
    expect(edited.status).toBe(200);
    // The passwords are stored: the server uses them.
    expect((await t.app.services.devices.get(ids.registered)).connection_request_password).toBe(
      SECRETS.registered,
    );
    expect((await t.app.services.devices.get(ids.informed)).connection_request_password).toBe(SECRETS.edited);

    const template = await call('template', 'POST', '/api/templates', {
      name: 'Secrets',
      vendor: 'Acme',
      model: 'S1',
      mapping: [{ field: 'wifi_ssid', param: 'Device.WiFi.SSID.1.SSID', type: 'string', required: true }],
      schema: { type: 'object' },
    });
    expect(template.status).toBe(201);
    const profile = await call('profile', 'POST', '/api/profiles', {
      name: 'Secrets',
      templateId: JSON.parse(template.text).template.id,
      values: { wifi_ssid: 'Home' },
    });
    expect(JSON.parse(profile.text).profile.validationStatus).toBe('valid');
    ids.profile = JSON.parse(profile.text).profile.id;

    await call('list', 'GET', '/api/devices');
    await call('search', 'GET', '/api/devices?search=SECRET');
    await call('unassigned', 'GET', '/api/devices/unassigned');
    await call('one registered', 'GET', `/api/devices/${ids.registered}`);
    await call('one informed', 'GET', `/api/devices/${ids.informed}`);
    await call('assign-profile', 'POST', `/api/devices/${ids.informed}/assign-profile`, {
      profileId: ids.profile,
    });
    await call('export', 'POST', '/api/provisioning/bulk/export-parameters', {
      deviceIds: [ids.registered, ids.informed],
      format: 'json',
    });
  });
  afterAll(async () => t.close());

  it('answers each call (so the checks below look at real answers)', () => {
    const statuses = Object.fromEntries([...answers].map(([name, a]) => [name, a.status]));
    expect(statuses).toMatchObject({
      register: 201,
      edit: 200,
      list: 200,
      search: 200,
      unassigned: 200,
      'one registered': 200,
      'one informed': 200,
      'assign-profile': 200,
      export: 200,
    });
    expect(JSON.parse(answers.get('search')!.text).devices.map((d: { id: string }) => d.id)).toEqual([
      ids.registered,
    ]);
    expect(JSON.parse(answers.get('list')!.text).devices).toHaveLength(2);
  });

  it('carries no password field and no stored password in any device answer', () => {
    const leaks: string[] = [];
    for (const [name, answer] of answers) {
      for (const [what, secret] of Object.entries(SECRETS))
        if (answer.text.includes(secret)) leaks.push(`${name} carries the ${what} password`);
      const secretKeys = keysOf(JSON.parse(answer.text)).filter((k) => SECRET_FIELDS.includes(k));
      if (secretKeys.length > 0) leaks.push(`${name} has ${[...new Set(secretKeys)].join(', ')}`);
    }
    expect(leaks).toEqual([]);
  });

  it('says only whether each password is set', () => {
    const registered = JSON.parse(answers.get('one registered')!.text).device;
    expect(registered).toMatchObject({
      connectionRequestUsername: 'cr-user',
      connectionRequestPasswordSet: true,
      cwmpPasswordSet: false,
    });
    const informed = JSON.parse(answers.get('one informed')!.text).device;
    expect(informed).toMatchObject({
      connectionRequestPasswordSet: true,
      cwmpUsername: 'own-device',
      cwmpPasswordSet: true,
    });
    for (const name of ['list', 'search', 'unassigned'])
      for (const device of JSON.parse(answers.get(name)!.text).devices)
        expect(device, `${name}: ${device.serialNumber}`).toHaveProperty(
          'connectionRequestPasswordSet',
          true,
        );
  });
});
