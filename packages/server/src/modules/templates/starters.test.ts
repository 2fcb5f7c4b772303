// The starter templates and the data-model check through the API, against the real BBF models.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../../test-support/shared-data';
import { bearer, buildTestApp, login } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describeWithSharedData('templates with the BBF data-model check (PROVISOR_DATA_MODELS_DIR)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ dataModelsDir: sharedDataPath('bbf') });
    token = await login(t.app);
  });
  afterAll(async () => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const template = (mapping: object[], dataModel = 'TR-181') =>
    req('POST', '/api/templates', { name: 'T', vendor: 'V', model: 'M', dataModel, mapping });

  it('seeds both starter templates, which pass the check (vendor X_ paths with a warning)', async () => {
    const { templates } = (await req('GET', '/api/templates')).json();
    expect(templates).toHaveLength(2);
    const byVendor = Object.fromEntries(
      templates.map((x: { vendor: string; id: string }) => [x.vendor, x.id]),
    );
    const generic = (
      await req('POST', `/api/templates/${byVendor.Generic}/validate`, {
        wifi_ssid: 'GT_Horvat',
        wifi_password: 'lozinka123',
        admin_password: 'AdminHorvat2024!',
      })
    ).json();
    expect(generic).toEqual({ valid: true, errors: [], warnings: [] });
    const huawei = (
      await req('POST', `/api/templates/${byVendor.Huawei}/validate`, {
        wifi_ssid: 'GT_Horvat',
        wifi_password: 'lozinka123',
      })
    ).json();
    expect(huawei.valid).toBe(true);
    expect(huawei.warnings).toEqual([
      'Parameter "InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.X_HW_HT20" (field wifi_bandwidth) is a vendor extension (X_...); it is not checked against the TR-098 model',
      'Parameter "InternetGatewayDevice.UserInterface.X_HW_WebUserInfo.2.Password" (field admin_password) is a vendor extension (X_...); it is not checked against the TR-098 model',
    ]);
  });

  it('renders with the types of the BBF model', async () => {
    const generic = (await req('GET', '/api/templates?vendor=Generic')).json().templates[0];
    const res = (
      await req('POST', `/api/templates/${generic.id}/render`, {
        wifi_ssid: 'Home',
        wifi_password: 'lozinka123',
        wan_mtu: 1400,
        wifi_security_mode: 'WPA2-PSK/WPA3-SAE',
      })
    ).json();
    const byName = Object.fromEntries(res.renderedParams.map((p: { name: string }) => [p.name, p]));
    expect(byName['Device.IP.Interface.1.MaxMTUSize']).toEqual({
      name: 'Device.IP.Interface.1.MaxMTUSize',
      value: '1400',
      type: 'unsignedInt',
    });
    expect(byName['Device.WiFi.AccessPoint.1.Security.ModeEnabled'].value).toBe('WPA3-Personal-Transition');
    expect(byName['Device.UserInterface.RemoteAccess.Enable']).toMatchObject({
      value: 'false',
      type: 'boolean',
    });
  });

  it('refuses a template whose mapping names an unknown, read-only or mistyped parameter', async () => {
    const res = await template([
      { field: 'a', param: 'Device.WiFi.SSID.1.SSIDD', type: 'string' },
      { field: 'b', param: 'Device.DeviceInfo.SerialNumber', type: 'string' },
      { field: 'c', param: 'Device.WiFi.Radio.1.Channel', type: 'boolean' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'Parameter "Device.WiFi.SSID.1.SSIDD" (field a) is not in the TR-181 data model (Device:2.17); check the path',
      'Parameter "Device.DeviceInfo.SerialNumber" (field b) is read-only in the TR-181 data model; map a writable parameter',
      'Parameter "Device.WiFi.Radio.1.Channel" (field c) is of type unsignedInt in the TR-181 data model; a boolean field cannot set it',
    ]);
  });

  it('matches instance numbers and {i} to the model, but refuses {i} when rendering', async () => {
    const ok = await template([
      { field: 'a', param: 'Device.WiFi.SSID.3.SSID', type: 'string' },
      { field: 'b', param: 'Device.WiFi.SSID.{i}.Enable', type: 'boolean' },
    ]);
    expect(ok.statusCode).toBe(201);
    const res = (
      await req('POST', `/api/templates/${ok.json().template.id}/render`, { a: 'x', b: true })
    ).json();
    expect(res.valid).toBe(false);
    expect(res.errors).toEqual([
      'Parameter "Device.WiFi.SSID.{i}.Enable" (field b) contains {i}; use a concrete instance number such as 1',
    ]);
    expect(res.renderedParams).toEqual([{ name: 'Device.WiFi.SSID.3.SSID', value: 'x', type: 'string' }]);
  });

  it('checks TR-098 templates against TR-098, and a value against the parameter type', async () => {
    const wrongModel = await template(
      [{ field: 'a', param: 'Device.Time.NTPServer1', type: 'string' }],
      'TR-098',
    );
    expect(wrongModel.json().errors).toEqual([
      'Parameter "Device.Time.NTPServer1" (field a) is not a TR-098 path; TR-098 paths start with "InternetGatewayDevice."',
    ]);
    const ok = await template(
      [
        {
          field: 'mtu',
          param: 'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.MaxMTUSize',
          type: 'number',
        },
      ],
      'TR-098',
    );
    expect(ok.statusCode).toBe(201);
    const res = (await req('POST', `/api/templates/${ok.json().template.id}/validate`, { mtu: -1 })).json();
    expect(res.errors).toEqual([
      'mtu must not be negative (InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.MaxMTUSize is unsignedInt)',
    ]);
    // Past the unsignedInt's range, as set-parameters refuses it: the router would refuse the whole
    // SetParameterValues.
    const tooBig = (
      await req('POST', `/api/templates/${ok.json().template.id}/validate`, { mtu: 4294967296 })
    ).json();
    expect(tooBig.errors).toEqual([
      'mtu: "4294967296" is out of range for unsignedInt (0 to 4294967295) for InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.MaxMTUSize',
    ]);
  });
});
