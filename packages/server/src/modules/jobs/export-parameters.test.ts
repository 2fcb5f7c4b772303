// bulk/export-parameters over real HTTP: values a router reported in its Inform come back from the
// CSV export as text, never as a formula a spreadsheet would run (CSV injection).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, listenOnLoopback } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';

const HOSTILE = {
  'InternetGatewayDevice.DeviceInfo.Description': '=HYPERLINK("http://x")',
  'InternetGatewayDevice.DeviceInfo.ProvisioningCode': '\t=1+1',
  'InternetGatewayDevice.DeviceInfo.ModelName': '@SUM(1+1)',
};

let t: Awaited<ReturnType<typeof buildTestApp>>;
let base: string;
let cpe: TestCpe;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnLoopback(t.app);
  cpe = new TestCpe(base, {
    oui: '00259E',
    productClass: 'EG8145V5',
    // The router names itself too: identity cells go through the same rule.
    serialNumber: '-HWTC1',
    manufacturer: 'Huawei',
  });
});
afterAll(async () => {
  await cpe?.close();
  await t?.close();
});

async function api(method: string, path: string, token: string, body?: object) {
  return fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

describe('POST /api/provisioning/bulk/export-parameters as CSV', () => {
  it('neutralises formula-like values a router reported', async () => {
    const extra = Object.entries(HOSTILE).map(([name, value]) => ({ name, value }));
    expect((await cpe.send(cpe.informMessage(['0 BOOTSTRAP'], extra), 'inform-1')).status).toBe(200);
    expect((await cpe.post('')).status).toBe(204);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const list = (await (await api('GET', '/api/devices', token)).json()) as { devices: { id: string }[] };
    const id = list.devices[0]!.id;

    const res = await api('POST', '/api/provisioning/bulk/export-parameters', token, {
      deviceIds: [id],
      format: 'csv',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await res.text()).split('\r\n');
    const row = (name: string) => rows.find((r) => r.includes(`,${name},`));
    expect(row('InternetGatewayDevice.DeviceInfo.Description')).toBe(
      `${id},'-HWTC1,00259E,EG8145V5,InternetGatewayDevice.DeviceInfo.Description,"'=HYPERLINK(""http://x"")",string`,
    );
    expect(row('InternetGatewayDevice.DeviceInfo.ProvisioningCode')).toBe(
      `${id},'-HWTC1,00259E,EG8145V5,InternetGatewayDevice.DeviceInfo.ProvisioningCode,"'\t=1+1",string`,
    );
    expect(row('InternetGatewayDevice.DeviceInfo.ModelName')).toBe(
      `${id},'-HWTC1,00259E,EG8145V5,InternetGatewayDevice.DeviceInfo.ModelName,'@SUM(1+1),string`,
    );
    // No line of the file has a cell that begins, after its optional quote, with a formula sign.
    for (const line of rows.slice(1)) expect(line).not.toMatch(/(^|,)"?[=+\-@\t\r]/);
  });
});
