import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { SKIPPED_WARNING } from '../data-model/index';
import { specProfileValues } from '../../../../../test-support/spec-profile';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** A multipart body with the template file in the "template" field. */
const upload = (field: string, name: string, content: string) =>
  multipart({}, { field, name, content, type: 'application/json' });

const tr181 = {
  name: 'Lab Router',
  vendor: 'Acme',
  model: 'AX-1',
  dataModel: 'TR-181',
  mapping: [
    { field: 'wifi_ssid', param: 'Device.WiFi.SSID.1.SSID', type: 'string', required: true },
    {
      field: 'wifi_password',
      param: 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase',
      type: 'string',
      required: true,
    },
    {
      field: 'wifi_enabled',
      param: 'Device.WiFi.SSID.1.Enable',
      type: 'boolean',
      required: false,
      defaultValue: true,
    },
    { field: 'wifi_channel', param: 'Device.WiFi.Radio.1.Channel', type: 'number', required: false },
    { field: 'offset', param: 'Device.X_ACME_Offset', type: 'number', required: false },
    { field: 'ratio', param: 'Device.X_ACME_Ratio', type: 'number', required: false },
    { field: 'extra', param: 'Device.X_ACME_Extra', type: 'object', required: false },
    {
      field: 'wifi_security_mode',
      param: 'Device.WiFi.AccessPoint.1.Security.ModeEnabled',
      type: 'string',
      required: false,
      valueMap: { 'WPA2-PSK': 'WPA2-Personal', 'WPA3-SAE': 'WPA3-Personal' },
    },
  ],
  schema: {
    type: 'object',
    properties: {
      wifi_ssid: { type: 'string', minLength: 1, maxLength: 32 },
      wifi_password: { type: 'string', minLength: 8, maxLength: 63 },
      wifi_channel: { type: 'integer', minimum: 0, maximum: 165 },
      wifi_security_mode: { type: 'string', enum: ['WPA2-PSK', 'WPA3-SAE'] },
    },
    required: ['wifi_ssid', 'wifi_password'],
  },
};

describe('templates API (spec §7 Templates)', () => {
  let t: TestApp;
  let token: string;
  let id: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
  });
  afterAll(async () => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('seeds the two starter templates on first start', async () => {
    const list = (await req('GET', '/api/templates')).json();
    expect(list).toMatchObject({ total: 2, limit: 100, offset: 0 });
    expect(
      list.templates
        .map(
          (x: { vendor: string; model: string; dataModel: string }) =>
            `${x.vendor} ${x.model} ${x.dataModel}`,
        )
        .sort(),
    ).toEqual(['Generic TR-181 Router TR-181', 'Huawei EG8145V5 TR-098']);
    expect(list.templates[0].parameterCount).toBe(13);
  });

  it('creates a template with defaults (TR-181, 1.0.0) and a parameter count', async () => {
    const res = await req('POST', '/api/templates', { name: ' Defaults ', vendor: 'V', model: 'M' });
    expect(res.statusCode).toBe(201);
    expect(res.json().template).toMatchObject({
      name: 'Defaults',
      dataModel: 'TR-181',
      version: '1.0.0',
      mapping: [],
      schema: { type: 'object' },
      parameterCount: 0,
    });
    expect(res.json().warnings).toEqual([SKIPPED_WARNING]);
    const created = await req('POST', '/api/templates', tr181);
    expect(created.statusCode).toBe(201);
    id = created.json().template.id;
    expect(created.json().template.parameterCount).toBe(8);
    expect(created.json().template.mapping[2]).toEqual({ ...tr181.mapping[2] });
    expect(created.json().template.mapping[0].defaultValue).toBeNull();
  });

  it('refuses a template without name, vendor or model, in the words of spec §5', async () => {
    const res = await req('POST', '/api/templates', { name: '', vendor: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Name is required', 'Vendor is required', 'Model is required']);
    expect(res.json().error).toBe('Invalid template');
    const one = await req('POST', '/api/templates', { vendor: 'V', model: 'M' });
    expect(one.json()).toMatchObject({ error: 'Name is required', errors: ['Name is required'] });
  });

  it('refuses an invalid JSON schema, a bad data model, bad mapping entries and unknown properties', async () => {
    const schema = await req('POST', '/api/templates', {
      name: 'n',
      vendor: 'v',
      model: 'm',
      schema: { type: 'nonsense' },
    });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().errors[0]).toMatch(/^Invalid JSON schema/);
    const bad = await req('POST', '/api/templates', {
      name: 'n',
      vendor: 'v',
      model: 'm',
      dataModel: 'TR-069',
      mapping: [
        { field: 'a', param: 'Device.A', type: 'date', required: false },
        { field: 'b', param: 'not a path', type: 'string' },
        { param: 'Device.C', type: 'string' },
        { field: 'd', param: 'Device.D', type: 'number', defaultValue: 'x', colour: 'red' },
      ],
    });
    expect(bad.json().errors).toEqual([
      'Data model must be one of TR-181, TR-098',
      'Mapping entry 1 (a): type must be one of string, number, boolean, object, array',
      'Mapping entry 2 (b): param "not a path" is not a CWMP parameter path (e.g. Device.WiFi.SSID.1.SSID)',
      'Mapping entry 3: field is required',
      'Mapping entry 4 (d): "colour" is not a mapping property',
      'Mapping entry 4 (d): defaultValue must be of type number',
    ]);
    const unknown = await req('POST', '/api/templates', {
      name: 'n',
      vendor: 'v',
      model: 'm',
      colour: 'red',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/colour/);
  });

  it('lists with search, vendor, model and data-model filters, limit and offset', async () => {
    const names = async (qs: string) =>
      (await req('GET', `/api/templates?${qs}`)).json().templates.map((x: { name: string }) => x.name);
    expect(await names('search=acme')).toEqual(['Lab Router']);
    expect(await names('vendor=huawei')).toEqual(['Huawei EG8145V5 Residential']);
    expect(await names('model=ax-1')).toEqual(['Lab Router']);
    expect(await names('dataModel=TR-098')).toEqual(['Huawei EG8145V5 Residential']);
    const page = (await req('GET', '/api/templates?limit=2&offset=2')).json();
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect(page.templates).toHaveLength(2);
    expect((await req('GET', '/api/templates?dataModel=TR-999')).statusCode).toBe(400);
  });

  it('validates values with sentences that name the field, accepting {values} or the bare map', async () => {
    const bad = await req('POST', `/api/templates/${id}/validate`, {
      values: {
        wifi_ssid: 'x'.repeat(33),
        wifi_password: 'short',
        wifi_channel: 2.5,
        wifi_security_mode: 'WEP',
      },
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({
      valid: false,
      errors: [
        'wifi_ssid must be at most 32 characters',
        'wifi_password must be at least 8 characters',
        'wifi_channel must be a whole number',
        'wifi_security_mode must be one of: "WPA2-PSK", "WPA3-SAE"',
      ],
      warnings: [SKIPPED_WARNING],
    });
    const missing = (await req('POST', `/api/templates/${id}/validate`, { wifi_ssid: 'Home' })).json();
    expect(missing.errors).toEqual(['wifi_password is required']);
    const good = (
      await req('POST', `/api/templates/${id}/validate`, { wifi_ssid: 'Home', wifi_password: 'secret-pass' })
    ).json();
    expect(good).toEqual({ valid: true, errors: [], warnings: [SKIPPED_WARNING] });
  });

  it('checks values against the mapping types too', async () => {
    const res = (
      await req('POST', `/api/templates/${id}/validate`, {
        wifi_ssid: 'Home',
        wifi_password: 'secret-pass',
        wifi_enabled: 'yes',
        offset: -3,
      })
    ).json();
    expect(res.errors).toEqual(['wifi_enabled must be true or false']);
  });

  it('renders values to CWMP parameters: defaults, value maps, wire text and xsd types', async () => {
    const res = await req('POST', `/api/templates/${id}/render`, {
      wifi_ssid: 'Home',
      wifi_password: 'secret-pass',
      wifi_channel: 6,
      offset: -3,
      ratio: 0.5,
      extra: { a: 1 },
      wifi_security_mode: 'WPA3-SAE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      errors: [],
      warnings: [SKIPPED_WARNING],
      renderedParams: [
        { name: 'Device.WiFi.SSID.1.SSID', value: 'Home', type: 'string' },
        { name: 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase', value: 'secret-pass', type: 'string' },
        { name: 'Device.WiFi.SSID.1.Enable', value: 'true', type: 'boolean' },
        { name: 'Device.WiFi.Radio.1.Channel', value: '6', type: 'unsignedInt' },
        { name: 'Device.X_ACME_Offset', value: '-3', type: 'int' },
        { name: 'Device.X_ACME_Ratio', value: '0.5', type: 'decimal' },
        { name: 'Device.X_ACME_Extra', value: '{"a":1}', type: 'string' },
        { name: 'Device.WiFi.AccessPoint.1.Security.ModeEnabled', value: 'WPA3-Personal', type: 'string' },
      ],
    });
  });

  it('renders a TR-098 starter template', async () => {
    const huawei = (await req('GET', '/api/templates?vendor=Huawei')).json().templates[0];
    const res = (
      await req('POST', `/api/templates/${huawei.id}/render`, {
        values: { wifi_ssid: 'GT_Horvat', wifi_password: 'lozinka123', wifi_enabled: false },
      })
    ).json();
    expect(res.valid).toBe(true);
    const params = Object.fromEntries(
      res.renderedParams.map((p: { name: string; value: string; type: string }) => [
        p.name,
        `${p.value} (${p.type})`,
      ]),
    );
    expect(params).toMatchObject({
      'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID': 'GT_Horvat (string)',
      'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase':
        'lozinka123 (string)',
      'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.Enable': 'false (boolean)',
      'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.BeaconType': '11i (string)',
      'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.X_HW_HT20': '1 (unsignedInt)',
      'InternetGatewayDevice.ManagementServer.PeriodicInformInterval': '300 (unsignedInt)',
      'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANPPPConnection.1.MaxMRUSize':
        '1492 (unsignedInt)',
    });
    // The EG8145V5 has no Time.* or UserInterface.RemoteAccess parameters: nothing is sent there.
    expect(Object.keys(params).filter((n) => /\.Time\.|RemoteAccess/.test(n))).toEqual([]);
    // admin_password has no default: left out, not sent empty.
    expect(Object.keys(params).some((n) => n.includes('X_HW_WebUserInfo'))).toBe(false);
  });

  it('validates the spec §9 manual profile defaults against the EG8145V5 template', async () => {
    const huawei = (await req('GET', '/api/templates?model=EG8145V5')).json().templates[0];
    const surname = 'Horvat';
    const values = specProfileValues(surname, 'Xk7mP2qR9tZa');
    const res = (await req('POST', `/api/templates/${huawei.id}/render`, values)).json();
    expect(res.errors).toEqual([]);
    expect(res.valid).toBe(true);
    // 13 values, 10 of them mapped: the EG8145V5 has no NTP, time zone or remote access parameter.
    expect(res.renderedParams).toHaveLength(10);
    expect(res.renderedParams.filter((p: { name: string }) => /\.Time\.|RemoteAccess/.test(p.name))).toEqual(
      [],
    );
  });

  it('refuses {i} in a rendered parameter, naming the path', async () => {
    const created = await req('POST', '/api/templates', {
      name: 'Placeholder',
      vendor: 'v',
      model: 'm',
      mapping: [{ field: 'ssid', param: 'Device.WiFi.SSID.{i}.SSID', type: 'string', required: true }],
    });
    expect(created.statusCode).toBe(201);
    const res = (
      await req('POST', `/api/templates/${created.json().template.id}/validate`, { ssid: 'x' })
    ).json();
    expect(res.errors).toEqual([
      'Parameter "Device.WiFi.SSID.{i}.SSID" (field ssid) contains {i}; use a concrete instance number such as 1',
    ]);
  });

  it('gets, updates and deletes a template', async () => {
    expect((await req('GET', `/api/templates/${id}`)).json().template.name).toBe('Lab Router');
    const put = await req('PUT', `/api/templates/${id}`, { version: '1.1.0', name: 'Lab Router 2' });
    expect(put.statusCode).toBe(200);
    expect(put.json().template).toMatchObject({
      version: '1.1.0',
      name: 'Lab Router 2',
      vendor: 'Acme',
      parameterCount: 8,
    });
    expect((await req('PUT', `/api/templates/${id}`, { model: '' })).json().errors).toEqual([
      'Model is required',
    ]);
    const missing = await req('GET', '/api/templates/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Template not found' });
  });

  it('exports a JSON download named after the template, and imports it back', async () => {
    const res = await req('GET', `/api/templates/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toContain('filename="Lab_Router_2_template.json"');
    const file = res.json();
    expect(file).toMatchObject({ name: 'Lab Router 2', vendor: 'Acme', dataModel: 'TR-181' });
    expect(file.id).toBeUndefined();
    const { payload, headers } = upload('template', 'Lab_Router_2_template.json', res.body);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/templates/import',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().template).toMatchObject({ name: 'Lab Router 2', parameterCount: 8 });
    expect(imported.json().template.id).not.toBe(id);
  });

  it('reports each problem of an imported file', async () => {
    const send = (content: string) => {
      const { payload, headers } = upload('template', 't.json', content);
      return t.app.inject({
        method: 'POST',
        url: '/api/templates/import',
        payload,
        headers: { ...headers, ...bearer(token) },
      });
    };
    const notJson = await send('{ not json');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe('Invalid template file');
    expect(notJson.json().errors[0]).toMatch(/^The file is not valid JSON/);
    const noName = await send(JSON.stringify({ vendor: 'v', model: 'm' }));
    expect(noName.json().errors).toEqual(['Name is required']);
    const badEntry = await send(
      JSON.stringify({ name: 'n', vendor: 'v', model: 'm', mapping: [{ field: 'a', type: 'string' }] }),
    );
    expect(badEntry.json().errors).toEqual(['Mapping entry 1 (a): param is required']);
    const badSchema = await send(
      JSON.stringify({ name: 'n', vendor: 'v', model: 'm', schema: { minLength: 'eight' } }),
    );
    expect(badSchema.json().errors[0]).toMatch(/^Invalid JSON schema/);
    const all = await send(JSON.stringify({ vendor: 'v', mapping: [{}], schema: { type: 1 } }));
    expect(all.json().errors).toHaveLength(6);
    const other = upload('other', 'x.json', '{}');
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/templates/import',
      headers: { ...other.headers, ...bearer(token) },
      payload: other.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/"template" field/);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/templates/import',
      headers: { ...upload('template', 'x.json', '{}').headers, ...bearer(token) },
      payload: upload('template', 'x.json', '{}').payload,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('Invalid upload');
  });

  it('does not seed the starter templates again', async () => {
    const { buildApp } = await import('../../app');
    await t.app.close();
    t.app = await buildApp(t.config);
    token = await login(t.app);
    expect((await req('GET', '/api/templates?search=Generic')).json().total).toBe(1);
    expect((await req('GET', '/api/templates?vendor=Huawei')).json().total).toBe(1);
  });
});
