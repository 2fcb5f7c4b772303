import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '../live/index';
import { bearer, buildTestApp, login } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('devices API (spec §7 Devices)', () => {
  let t: TestApp;
  let token: string;
  const events: LiveMessage[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
    t.app.services.bus.subscribe((m) => events.push(m));
    // 30 routers seen, of three models.
    for (let i = 1; i <= 30; i++) {
      await t.app.services.devices.recordInform({
        identity: {
          oui: i % 3 === 0 ? '1C61B4' : '00259E',
          productClass: ['EG8145V5', 'EG8145X6', 'EX220'][i % 3]!,
          serialNumber: `SN${String(i).padStart(4, '0')}`,
        },
        manufacturer: 'Vendor',
        events: ['2 PERIODIC'],
        parameters: [{ name: 'Device.DeviceInfo.SoftwareVersion', value: `1.${i}`, type: 'string' }],
        remoteAddress: '192.0.2.1',
      });
    }
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('lists with a total, limit and offset, in a stable order', async () => {
    const first = (await get('/api/devices?limit=10&offset=0')).json();
    expect(first).toMatchObject({ total: 30, limit: 10, offset: 0 });
    expect(first.devices.map((d: { serialNumber: string }) => d.serialNumber)).toEqual(
      Array.from({ length: 10 }, (_, i) => `SN${String(i + 1).padStart(4, '0')}`),
    );
    const last = (await get('/api/devices?limit=10&offset=25')).json();
    expect(last.devices.map((d: { serialNumber: string }) => d.serialNumber)).toEqual([
      'SN0026',
      'SN0027',
      'SN0028',
      'SN0029',
      'SN0030',
    ]);
  });

  it('searches serial number, product class and OUI, case-insensitively', async () => {
    expect((await get('/api/devices?search=sn001')).json().total).toBe(10);
    expect((await get('/api/devices?search=x6')).json().total).toBe(10);
    expect((await get('/api/devices?search=1c61b4')).json().total).toBe(10);
    expect((await get('/api/devices?search=%25')).json().total).toBe(0);
  });

  it('filters by status and refuses an unknown status', async () => {
    expect((await get('/api/devices?status=online')).json().total).toBe(30);
    expect((await get('/api/devices?status=offline')).json().total).toBe(0);
    const bad = await get('/api/devices?status=sleeping');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status/);
  });

  it('refuses a NUL character in a search or a registered identity, saying which field', async () => {
    const search = await get('/api/devices?search=ab%00cd');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('search cannot contain a NUL character (\\u0000); remove it.');
    const register = await post('/api/devices/register', {
      serialNumber: 'NUL\u0000SN',
      oui: 'A0B1C2',
      productClass: 'Pre',
      connectionRequestUrl: 'http://192.0.2.55:7547/cr',
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toMatch(/^serialNumber cannot contain a NUL/);
    expect((await get('/api/devices?search=NUL')).json().total).toBe(0);
  });

  it('registers a device: offline, known, never seen', async () => {
    const res = await post('/api/devices/register', {
      serialNumber: 'PRE0001',
      oui: 'a0b1c2',
      productClass: 'Pre',
      connectionRequestUrl: 'http://192.0.2.55:7547/cr',
      connectionRequestUsername: 'cr',
      connectionRequestPassword: 'crpw',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().device).toMatchObject({
      serialNumber: 'PRE0001',
      oui: 'A0B1C2',
      status: 'offline',
      lastInformAt: null,
      connectionRequestUrl: 'http://192.0.2.55:7547/cr',
    });
    expect(
      events.some(
        (e) =>
          e.type === 'device_status_update' &&
          (e.payload as { serialNumber: string }).serialNumber === 'PRE0001',
      ),
    ).toBe(true);
    const dup = await post('/api/devices/register', {
      serialNumber: 'PRE0001',
      oui: 'A0B1C2',
      productClass: 'Pre',
      connectionRequestUrl: 'http://192.0.2.55/',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('Device already registered');
  });

  it.each([
    [{ serialNumber: 'X', oui: 'ABCDEFG', productClass: 'P', connectionRequestUrl: 'http://a/' }, /oui/],
    [{ serialNumber: 'X', oui: 'ZZZZZZ', productClass: 'P', connectionRequestUrl: 'http://a/' }, /oui/],
    [
      { serialNumber: 'X', oui: 'ABCDEF', productClass: 'P', connectionRequestUrl: 'not a url' },
      /connectionRequestUrl must be a valid URL/,
    ],
    [
      { serialNumber: 'X', oui: 'ABCDEF', productClass: 'P', connectionRequestUrl: 'ftp://a/' },
      /http:\/\/ or https:\/\//,
    ],
    [{ oui: 'ABCDEF', productClass: 'P', connectionRequestUrl: 'http://a/' }, /serialNumber/],
  ])('refuses registration %j with a message naming the field', async (payload, message) => {
    const res = await post('/api/devices/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('gets, updates and deletes one device; unknown ids get 404', async () => {
    const { devices } = (await get('/api/devices?search=SN0005')).json();
    const id = devices[0].id;
    expect((await get(`/api/devices/${id}`)).json().device.softwareVersion).toBe('1.5');
    // An assigned profile must exist and render something (PUT assigns as assign-profile does).
    const template = (
      await post('/api/templates', {
        name: 'SSID only',
        vendor: 'Vendor',
        model: 'EG8145V5',
        dataModel: 'TR-181',
        mapping: [{ field: 'wifi_ssid', param: 'Device.WiFi.SSID.1.SSID', type: 'string' }],
      })
    ).json().template;
    const profile = (
      await post('/api/profiles', {
        name: 'profile-1',
        templateId: template.id,
        values: { wifi_ssid: 'GT_A' },
      })
    ).json().profile;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers: bearer(token),
      payload: { assignedProfileId: profile.id },
    });
    expect(put.json().device.assignedProfileId).toBe(profile.id);
    const unassigned = (await get('/api/devices/unassigned?limit=1000')).json();
    expect(unassigned.devices.map((d: { id: string }) => d.id)).not.toContain(id);
    expect(unassigned.total).toBe(30);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/devices/${id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(204);
    const gone = await get(`/api/devices/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('Device not found');
  });

  it('turns a device that misses its schedule offline and publishes it', async () => {
    const { devices } = (await get('/api/devices?search=SN0010')).json();
    const later = Date.now() + (2 * 300 + 61) * 1000;
    const changed = await t.app.services.devices.sweepOffline(later);
    expect(changed).toBeGreaterThanOrEqual(29);
    expect((await get(`/api/devices/${devices[0].id}`)).json().device.status).toBe('offline');
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'device_status_update',
        payload: expect.objectContaining({ serialNumber: 'SN0010', status: 'offline' }),
      }),
    );
  });

  it('answers /api/stats and publishes stats_update when counts change', async () => {
    const stats = (await get('/api/stats')).json();
    expect(stats).toMatchObject({
      totalDevices: 30,
      onlineDevices: 0,
      provisioningDevices: 0,
      errorDevices: 0,
    });
    // stats_update is coalesced to at most one a second: the last one comes within about that.
    await vi.waitFor(
      () => {
        const update = events.filter((e) => e.type === 'stats_update').at(-1);
        expect(update?.payload).toMatchObject({ totalDevices: 30 });
      },
      { timeout: 3000, interval: 100 },
    );
  });
});
