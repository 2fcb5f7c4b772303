import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('profiles API (spec §7 Profiles)', () => {
  let t: TestApp;
  let token: string;
  let templateId: string;
  let huaweiId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
    huaweiId = (await req('GET', '/api/templates?vendor=Huawei')).json().templates[0].id;
    templateId = (
      await req('POST', '/api/templates', {
        name: 'Small',
        vendor: 'Acme',
        model: 'S1',
        mapping: [
          { field: 'wifi_ssid', param: 'Device.WiFi.SSID.1.SSID', type: 'string', required: true },
          {
            field: 'wifi_password',
            param: 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase',
            type: 'string',
            required: true,
          },
          {
            field: 'wifi_channel',
            param: 'Device.WiFi.Radio.1.Channel',
            type: 'number',
            required: false,
            defaultValue: 1,
          },
        ],
        schema: { type: 'object', properties: { wifi_password: { type: 'string', minLength: 8 } } },
      })
    ).json().template.id;
  });
  afterAll(async () => t.close());

  function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  }
  const create = async (name: string, values: object, tid = templateId) => {
    const res = await req('POST', '/api/profiles', { name, templateId: tid, values });
    expect(res.statusCode).toBe(201);
    return res.json().profile;
  };

  it('creates a profile, validated and rendered', async () => {
    const p = await create('Kupac - Horvat', {
      wifi_ssid: 'GT_Horvat',
      wifi_password: 'lozinka123',
      surname: 'Horvat',
      device_serial_number: '48575443A94196A5',
    });
    expect(p).toMatchObject({
      name: 'Kupac - Horvat',
      templateId,
      validationStatus: 'valid',
      validationErrors: [],
      version: 1,
      changelog: null,
      parameterCount: 3,
      renderedParams: [
        { name: 'Device.WiFi.SSID.1.SSID', value: 'GT_Horvat', type: 'string' },
        { name: 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase', value: 'lozinka123', type: 'string' },
        { name: 'Device.WiFi.Radio.1.Channel', value: '1', type: 'unsignedInt' },
      ],
    });
    expect(p.values.surname).toBe('Horvat');
    expect(typeof p.createdAt).toBe('string');
  });

  it('keeps an invalid profile, marked invalid with its errors', async () => {
    const p = await create('Kupac - Kovač', {
      wifi_ssid: 'GT_Kovac',
      wifi_password: 'short',
      serialNumber: 'HWTC1234',
    });
    expect(p.validationStatus).toBe('invalid');
    expect(p.validationErrors).toEqual(['wifi_password must be at least 8 characters']);
  });

  it('requires a name and a template, in the words of spec §5', async () => {
    const noName = await req('POST', '/api/profiles', { name: ' ', templateId, values: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toBe('Name is required');
    const noTemplate = await req('POST', '/api/profiles', { name: 'x', values: {} });
    expect(noTemplate.json().error).toBe('Template is required');
    const unknown = await req('POST', '/api/profiles', { name: 'x', templateId: 'nope', values: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/nope/);
    const extra = await req('POST', '/api/profiles', { name: 'x', templateId, values: {}, colour: 'red' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/colour/);
    const badValues = await req('POST', '/api/profiles', { name: 'x', templateId, values: [] });
    expect(badValues.statusCode).toBe(400);
    expect(badValues.json().message).toMatch(/values/);
  });

  it('lists with search on name, SSID, surname and serial; filters; limit and offset', async () => {
    await create('Treći', { wifi_ssid: 'Home', wifi_password: 'lozinka123' }, huaweiId);
    const names = async (qs: string) =>
      (await req('GET', `/api/profiles?${qs}`))
        .json()
        .profiles.map((p: { name: string }) => p.name)
        .sort();
    expect(await names('search=horvat')).toEqual(['Kupac - Horvat']);
    expect(await names('search=gt_kov')).toEqual(['Kupac - Kovač']);
    expect(await names('search=a94196')).toEqual(['Kupac - Horvat']);
    expect(await names('search=hwtc')).toEqual(['Kupac - Kovač']);
    expect(await names('search=kupac')).toEqual(['Kupac - Horvat', 'Kupac - Kovač']);
    expect(await names(`templateId=${huaweiId}`)).toEqual(['Treći']);
    expect(await names('validationStatus=invalid')).toEqual(['Kupac - Kovač']);
    const all = (await req('GET', '/api/profiles')).json();
    expect(all).toMatchObject({ total: 3, limit: 1000, offset: 0 });
    const page = (await req('GET', '/api/profiles?limit=1&offset=1')).json();
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.profiles).toHaveLength(1);
    expect((await req('GET', '/api/profiles?validationStatus=great')).statusCode).toBe(400);
  });

  it('updates the current version without a changelog, and makes version 2 with one', async () => {
    const p = await create('Versioned', { wifi_ssid: 'One', wifi_password: 'lozinka123' });
    const put = await req('PUT', `/api/profiles/${p.id}`, {
      values: { wifi_ssid: 'Two', wifi_password: 'x' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().profile).toMatchObject({ version: 1, validationStatus: 'invalid' });
    expect(put.json().profile.renderedParams[0].value).toBe('Two');

    const v2 = await req('POST', `/api/profiles/${p.id}/version`, {
      values: { wifi_ssid: 'Three', wifi_password: 'lozinka456' },
      changelog: 'New Wi-Fi name',
    });
    expect(v2.statusCode).toBe(201);
    expect(v2.json().profile).toMatchObject({
      version: 2,
      changelog: 'New Wi-Fi name',
      validationStatus: 'valid',
      values: { wifi_ssid: 'Three', wifi_password: 'lozinka456' },
    });
    const versions = (await req('GET', `/api/profiles/${p.id}/versions`)).json();
    expect(versions.total).toBe(2);
    expect(
      versions.versions.map(
        (v: { version: number; values: { wifi_ssid: string }; changelog: string | null }) => [
          v.version,
          v.values.wifi_ssid,
          v.changelog,
        ],
      ),
    ).toEqual([
      [2, 'Three', 'New Wi-Fi name'],
      [1, 'Two', null],
    ]);
    expect((await req('GET', `/api/profiles/${p.id}`)).json().profile.version).toBe(2);

    const noLog = await req('POST', `/api/profiles/${p.id}/version`, { values: {}, changelog: ' ' });
    expect(noLog.statusCode).toBe(400);
    expect(noLog.json().error).toBe('Changelog is required');
    const otherTemplate = await req('PUT', `/api/profiles/${p.id}`, { templateId: huaweiId });
    expect(otherTemplate.json().error).toBe('Template cannot be changed');
  });

  it('validates a stored profile again and keeps the outcome', async () => {
    const p = await create('Later', { wifi_ssid: 'S', wifi_password: 'lozinka123' });
    const res = await req('POST', `/api/profiles/${p.id}/validate`);
    expect(res.json()).toEqual({ valid: true, errors: [], warnings: [expect.stringMatching(/skipped/)] });
  });

  it('renders profiles again when their template changes', async () => {
    const p = await create('Follows template', { wifi_ssid: 'S', wifi_password: 'lozinka123' });
    const template = (await req('GET', `/api/templates/${templateId}`)).json().template;
    await req('PUT', `/api/templates/${templateId}`, {
      schema: { type: 'object', properties: { wifi_password: { type: 'string', minLength: 12 } } },
      mapping: template.mapping.slice(0, 2),
    });
    const after = (await req('GET', `/api/profiles/${p.id}`)).json().profile;
    expect(after.validationStatus).toBe('invalid');
    expect(after.validationErrors).toEqual(['wifi_password must be at least 12 characters']);
    expect(after.parameterCount).toBe(2);
  });

  it('lists the profiles of a template', async () => {
    const res = (await req('GET', `/api/profiles/template/${huaweiId}`)).json();
    expect(res.total).toBe(1);
    expect(res.profiles[0].name).toBe('Treći');
    expect((await req('GET', '/api/profiles/template/nope')).statusCode).toBe(404);
  });

  it('bulk-creates with a result per item', async () => {
    const res = await req('POST', '/api/profiles/bulk-create', {
      profiles: [
        {
          name: 'Kupac - A',
          templateId: huaweiId,
          values: { wifi_ssid: 'GT_A', wifi_password: 'lozinka123' },
        },
        { name: '', templateId: huaweiId, values: {} },
        { name: 'Kupac - C', templateId: 'missing', values: {} },
        { name: 'Kupac - D', templateId: huaweiId, values: { wifi_ssid: 'GT_D' } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ created: 2, failed: 2 });
    expect(body.results[0]).toMatchObject({
      index: 0,
      name: 'Kupac - A',
      success: true,
      validationStatus: 'valid',
    });
    expect(body.results[1]).toMatchObject({
      index: 1,
      success: false,
      error: expect.stringMatching(/^Name is required/),
    });
    expect(body.results[2]).toMatchObject({
      index: 2,
      success: false,
      error: expect.stringMatching(/^Template not found/),
    });
    expect(body.results[3]).toMatchObject({
      success: true,
      validationStatus: 'invalid',
      validationErrors: ['wifi_password is required'],
    });
    expect((await req('GET', `/api/profiles/${body.results[0].profileId}`)).statusCode).toBe(200);
  });

  it('refuses to delete a template with profiles, saying how many', async () => {
    const res = await req('DELETE', `/api/templates/${huaweiId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Template in use',
      message: '3 profiles use this template; delete them first, then delete the template.',
    });
  });

  it('deletes profiles (and their versions), then the template', async () => {
    const { profiles } = (await req('GET', `/api/profiles/template/${huaweiId}`)).json();
    for (const p of profiles) expect((await req('DELETE', `/api/profiles/${p.id}`)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/profiles/${profiles[0].id}`)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/templates/${huaweiId}`)).statusCode).toBe(204);
    expect((await req('GET', `/api/templates/${huaweiId}`)).statusCode).toBe(404);
  });
});
