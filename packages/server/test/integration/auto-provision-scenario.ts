// Issue 16 point 5 and issue 17 point 5, the server half: profiles reach routers by themselves. Through
// real HTTP with the project's simulated TR-181 routers (the values are read back from the simulator),
// on SQLite (auto-provision.test.ts) and PostgreSQL (auto-provision.postgres.test.ts).
import type { Fleet, SimDevice } from '@provisor/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { startAcs, type Acs } from './rig';

// The tests read API answers field by field; a loose type keeps them readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SSID = 'Device.WiFi.SSID.1.SSID';
const PASSPHRASE = 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase';
/** The simulated TR-181 router's own SSID (its factory value). */
const FACTORY_SSID = 'Provisor-Sim';
const PASSWORD = 'Xk7#mPq2vL9!';

export function autoProvisionSuite(name: string, database: () => Promise<Partial<Config>>) {
  describe(name, () => {
    let acs: Acs;
    let templateId: string;

    beforeAll(async () => {
      // Tree discovery on, as in production: the profile must not wait for it.
      acs = await startAcs({ ...(await database()), discoverTree: true });
      const res = await acs.api('POST', '/api/templates', {
        name: 'Customer Wi-Fi',
        vendor: 'Provisor',
        model: 'SimRouter',
        dataModel: 'TR-181',
        mapping: [
          { field: 'wifi_ssid', param: SSID, type: 'string' },
          { field: 'wifi_password', param: PASSPHRASE, type: 'string' },
        ],
        // Nothing required: a profile of a serial number alone is valid and renders nothing.
        schema: {
          type: 'object',
          properties: {
            wifi_ssid: { type: 'string' },
            wifi_password: { type: 'string', minLength: 8 },
          },
        },
      });
      expect(res.status, JSON.stringify(res.json())).toBe(201);
      templateId = res.json().template.id;
    });
    afterAll(async () => acs?.close());

    async function profile(profileName: string, values: Record<string, unknown>): Promise<Json> {
      const res = await acs.api('POST', '/api/profiles', { name: profileName, templateId, values });
      expect(res.status, JSON.stringify(res.json())).toBe(201);
      return res.json().profile;
    }
    const customer = (surname: string, extra: Record<string, unknown> = {}) =>
      profile(`Kupac-${surname}`, { wifi_ssid: `GT_${surname}`, wifi_password: PASSWORD, ...extra });

    /** Routers that finished their first session, with their connection-request credentials set. */
    async function routers(prefix: string, count: number, options: object = {}): Promise<Fleet> {
      const fleet = await acs.fleet({ count, serialTemplate: `${prefix}-{i:02}`, ...options });
      await fleet.waitForSessions(count, 15_000);
      for (const d of fleet.devices) {
        await acs.waitFor(
          `${d.serial}: connection request credentials`,
          async () => (await acs.deviceBySerial(d.serial)).connectionRequestUsername !== '',
        );
      }
      return fleet;
    }
    const jobsOf = async (deviceId: string): Promise<Json[]> =>
      (await acs.api('GET', `/api/devices/${deviceId}/jobs?limit=100`)).json().jobs;
    const profileJobs = async (deviceId: string) =>
      (await jobsOf(deviceId)).filter((j) => j.type === 'apply-profile');
    /** The router holds the customer's Wi-Fi name and password. */
    const holds = (sim: SimDevice, surname: string) =>
      acs.waitFor(
        `${sim.serial}: SSID GT_${surname}`,
        async () => sim.getValue(SSID) === `GT_${surname}` && sim.getValue(PASSPHRASE) === PASSWORD,
      );
    /** The RPCs the router answered in each session, in order. */
    function sessions(sim: SimDevice): string[][] {
      const out: string[][] = [];
      for (const e of sim.sessionLog.entries) {
        if (e.kind === 'inform') out.push([]);
        if (e.kind === 'rpc') out.at(-1)?.push(e.name);
      }
      return out;
    }

    describe('an assignment pushes the profile and wakes the router', () => {
      let fleet: Fleet;
      const sim = (i: number) => fleet.device(`ASSIGN-0${i}`)!;
      const idOf = async (i: number): Promise<string> => (await acs.deviceBySerial(`ASSIGN-0${i}`)).id;
      beforeAll(async () => {
        fleet = await routers('ASSIGN', 4);
      });

      // A router informs by itself only hourly here: the value arriving within seconds means it was
      // woken by a connection request (TR-069 3.2.2).
      const woken = (i: number) =>
        sim(i).sessionLog.entries.some((e) => e.kind === 'connection-request' && e.outcome === 'accepted');

      it('POST /api/devices/{id}/assign-profile', async () => {
        const p = await customer('Horvat');
        const res = await acs.api('POST', `/api/devices/${await idOf(1)}/assign-profile`, {
          profileId: p.id,
        });
        expect(res.status, JSON.stringify(res.json())).toBe(200);
        await holds(sim(1), 'Horvat');
        expect(woken(1)).toBe(true);
        expect(await acs.jobFinished(res.json().job.id)).toMatchObject({ status: 'completed' });
      });

      it('POST /api/provisioning/assign-profile', async () => {
        const p = await customer('Kovac');
        const res = await acs.api('POST', '/api/provisioning/assign-profile', {
          deviceIds: [await idOf(2)],
          profileId: p.id,
        });
        expect(res.status, JSON.stringify(res.json())).toBe(200);
        expect(res.json()).toMatchObject({ created: 1, failed: 0 });
        await holds(sim(2), 'Kovac');
        expect(woken(2)).toBe(true);
      });

      it('POST /api/devices/bulk-assign', async () => {
        const p = await customer('Babic');
        const res = await acs.api('POST', '/api/devices/bulk-assign', {
          assignments: [{ deviceId: await idOf(3), profileId: p.id }],
        });
        expect(res.status, JSON.stringify(res.json())).toBe(200);
        expect(res.json()).toMatchObject({ successful: 1, failed: 0 });
        await holds(sim(3), 'Babic');
        expect(woken(3)).toBe(true);
      });

      it('PUT /api/devices/{id} with assignedProfileId; the same again, or null, pushes nothing', async () => {
        const p = await customer('Maric');
        const id = await idOf(4);
        const res = await acs.api('PUT', `/api/devices/${id}`, { assignedProfileId: p.id });
        expect(res.status, JSON.stringify(res.json())).toBe(200);
        expect(res.json().device.assignedProfileId).toBe(p.id);
        await holds(sim(4), 'Maric');
        expect(woken(4)).toBe(true);
        const [job] = await profileJobs(id);
        expect(job).toMatchObject({ status: 'completed', params: { profileId: p.id, profileVersion: 1 } });

        expect((await acs.api('PUT', `/api/devices/${id}`, { assignedProfileId: p.id })).status).toBe(200);
        const unassigned = await acs.api('PUT', `/api/devices/${id}`, { assignedProfileId: null });
        expect(unassigned.json().device.assignedProfileId).toBeNull();
        expect(await profileJobs(id)).toHaveLength(1);
        expect(sim(4).getValue(SSID)).toBe('GT_Maric');
      });

      it('PUT /api/devices/{id} refuses an unknown, invalid or empty profile with a 400 and changes nothing', async () => {
        const id = await idOf(4);
        const bad = await profile('Broken', { wifi_ssid: 'GT_Broken', wifi_password: 'short' });
        expect(bad.validationStatus).toBe('invalid');
        const empty = await profile('Serial only', { device_serial_number: 'NOWHERE-1' });
        expect(empty).toMatchObject({ validationStatus: 'valid', renderedParams: [] });
        const cases: [string, string, RegExp][] = [
          ['no-such-profile', 'Profile not found', /no-such-profile.*Choose an existing profile/],
          [bad.id, 'Profile is not valid', /"Broken" does not validate.*wifi_password/],
          [empty.id, 'Profile has no parameters', /"Serial only" renders no parameters/],
        ];
        for (const [profileId, error, message] of cases) {
          const res = await acs.api('PUT', `/api/devices/${id}`, {
            assignedProfileId: profileId,
            connectionRequestUsername: 'changed',
          });
          expect(res.status, profileId).toBe(400);
          expect(res.json()).toMatchObject({ error, message: expect.stringMatching(message) });
        }
        const device = await acs.deviceBySerial('ASSIGN-04');
        expect(device.assignedProfileId).toBeNull();
        expect(device.connectionRequestUsername).not.toBe('changed');
        expect(await profileJobs(id)).toHaveLength(1);
      });

      it('a factory-reset job: the router forgets the values, then gets its profile back by itself', async () => {
        const id = await idOf(1);
        const reset = await acs.api('POST', `/api/devices/${id}/factory-reset`, {});
        expect(reset.status, JSON.stringify(reset.json())).toBe(200);
        const done = await acs.jobFinished(reset.json().job.id);
        expect(done).toMatchObject({
          status: 'completed',
          result: { events: expect.arrayContaining(['0 BOOTSTRAP']) },
        });
        await acs.waitFor('the profile pushed again', async () => {
          const jobs = await profileJobs(id);
          return jobs.length === 2 && jobs.every((j) => j.status === 'completed');
        });
        // The simulator reset the SSID to its own, and the bootstrap session set it back.
        const log = sessions(sim(1));
        const bootstrap = sim(1)
          .sessionLog.entries.filter((e) => e.kind === 'inform')
          .at(-1);
        expect(bootstrap).toMatchObject({
          events: expect.arrayContaining([expect.objectContaining({ eventCode: '0 BOOTSTRAP' })]),
        });
        expect(log.at(-1)).toContain('SetParameterValues');
        expect(sim(1).getValue(SSID)).toBe('GT_Horvat');
        expect(sim(1).getValue(PASSPHRASE)).toBe(PASSWORD);
      });

      it("a reset by the customer (0 BOOTSTRAP, no job asked for it) gets the router's profile back", async () => {
        const id = await idOf(2);
        sim(2).pressResetButton();
        await acs.waitFor('the profile pushed again', async () => {
          const jobs = await profileJobs(id);
          return jobs.length === 2 && jobs.every((j) => j.status === 'completed');
        });
        await holds(sim(2), 'Kovac');
        expect((await acs.deviceBySerial('ASSIGN-02')).assignedProfileId).not.toBeNull();
      });
    });

    it('a router that reports 1 BOOT alone after a factory-reset job gets its profile back too', async () => {
      const fleet = await routers('QUIET', 1, { reboots: { factoryResetEvents: 'boot-only' } });
      const sim = fleet.device('QUIET-01')!;
      const id = (await acs.deviceBySerial('QUIET-01')).id;
      const p = await customer('Jukic');
      const assigned = await acs.api('POST', `/api/devices/${id}/assign-profile`, { profileId: p.id });
      await acs.jobFinished(assigned.json().job.id);
      await holds(sim, 'Jukic');
      const reset = await acs.api('POST', `/api/devices/${id}/factory-reset`, {});
      const done = await acs.jobFinished(reset.json().job.id);
      expect(done.result.events).not.toContain('0 BOOTSTRAP');
      await acs.waitFor('the profile pushed again', async () => {
        const jobs = await profileJobs(id);
        return jobs.length === 2 && jobs.every((j) => j.status === 'completed');
      });
      await holds(sim, 'Jukic');
    });

    it("a new router whose serial a profile carries gets that profile in its first session, before the tree's discovery", async () => {
      // spec §3 Profile values: device_serial_number or serialNumber.
      const a = await customer('Novak', { device_serial_number: 'MATCH-01' });
      const b = await customer('Radic', { serialNumber: 'MATCH-02' });
      const fleet = await acs.fleet({ count: 2, serialTemplate: 'MATCH-{i:02}' });
      await fleet.waitForSessions(2, 15_000);
      for (const [serial, p, surname] of [
        ['MATCH-01', a, 'Novak'],
        ['MATCH-02', b, 'Radic'],
      ] as const) {
        const sim = fleet.device(serial)!;
        // The first session is over: the customer's values are on the router already.
        expect(sim.getValue(SSID), serial).toBe(`GT_${surname}`);
        expect(sim.getValue(PASSPHRASE)).toBe(PASSWORD);
        const device = await acs.deviceBySerial(serial);
        expect(device.assignedProfileId).toBe(p.id);
        // Credentials first (later wakes reach the router), then the profile, then the discovery.
        const jobs = (await jobsOf(device.id)).sort((x, y) => x.createdAt.localeCompare(y.createdAt));
        expect(jobs.map((j) => j.type)).toEqual([
          'set-connection-credentials',
          'apply-profile',
          'discover-tree',
        ]);
        const [credentials, applied, discovery] = jobs;
        expect(applied).toMatchObject({
          status: 'completed',
          params: { profileId: p.id, profileVersion: 1 },
        });
        expect(applied.startedAt >= credentials.finishedAt).toBe(true);
        expect(discovery.startedAt >= applied.finishedAt).toBe(true);
        expect(sessions(sim)[0]!.slice(0, 3)).toEqual([
          'SetParameterValues',
          'SetParameterValues',
          'GetParameterNames',
        ]);
      }
    });

    it("an invalid or empty profile at a bootstrap: nothing pushed, the reason in the router's job history", async () => {
      await profile('Kupac-Bad', {
        wifi_ssid: 'GT_Bad',
        wifi_password: 'short',
        device_serial_number: 'REFUSE-01',
      });
      await profile('Kupac-Empty', { device_serial_number: 'REFUSE-02' });
      const fleet = await routers('REFUSE', 3);
      const cases: [string, RegExp][] = [
        [
          'REFUSE-01',
          /^Not applied at the router's bootstrap: profile "Kupac-Bad" does not validate: .*wifi_password.*Fix the profile, then assign it again\.$/,
        ],
        [
          'REFUSE-02',
          /^Not applied at the router's bootstrap: profile "Kupac-Empty" renders no parameters\. Fill in its values, then assign it again\.$/,
        ],
      ];
      for (const [serial, reason] of cases) {
        const device = await acs.deviceBySerial(serial);
        const jobs = await profileJobs(device.id);
        expect(jobs, serial).toEqual([
          expect.objectContaining({ status: 'failed', attempts: 0, error: expect.stringMatching(reason) }),
        ]);
        expect(device.assignedProfileId).toBeNull();
        expect(fleet.device(serial)!.getValue(SSID)).toBe(FACTORY_SSID);
        expect(sessions(fleet.device(serial)!)[0]!.filter((n) => n === 'SetParameterValues')).toHaveLength(1);
      }

      // An assigned profile that became invalid since: the router's next bootstrap says so.
      const sim = fleet.device('REFUSE-03')!;
      const id = (await acs.deviceBySerial('REFUSE-03')).id;
      const p = await customer('Later');
      await acs.jobFinished(
        (await acs.api('POST', `/api/devices/${id}/assign-profile`, { profileId: p.id })).json().job.id,
      );
      await holds(sim, 'Later');
      const edit = await acs.api('PUT', `/api/profiles/${p.id}`, {
        values: { wifi_ssid: 'GT_Later', wifi_password: 'x' },
      });
      expect(edit.json().profile.validationStatus).toBe('invalid');
      sim.pressResetButton();
      await acs.waitFor('the refusal', async () => (await profileJobs(id)).length === 2);
      const refusal = (await profileJobs(id)).find((j) => j.status === 'failed');
      expect(refusal.error).toMatch(
        /^Not applied at the router's bootstrap: profile "Kupac-Later" does not validate/,
      );
      expect(refusal.params.profileId).toBe(p.id);
      expect(sim.getValue(SSID)).toBe(FACTORY_SSID);
    });

    it('several profiles with one serial: none is applied, and the reason names them', async () => {
      await customer('Prvi', { device_serial_number: 'TWIN-01' });
      await customer('Drugi', { serialNumber: 'TWIN-01' });
      const fleet = await routers('TWIN', 1);
      const device = await acs.deviceBySerial('TWIN-01');
      expect(device.assignedProfileId).toBeNull();
      const [refusal, ...more] = await profileJobs(device.id);
      expect(more).toEqual([]);
      expect(refusal).toMatchObject({ status: 'failed', attempts: 0 });
      // Both named, oldest first (created within a millisecond of each other, either may come first).
      expect([
        'Not applied at the router\'s bootstrap: 2 profiles carry its serial number TWIN-01 ("Kupac-Prvi", "Kupac-Drugi"), ' +
          'so none was chosen. Keep the serial number on one profile only, or assign one of them to the router.',
        'Not applied at the router\'s bootstrap: 2 profiles carry its serial number TWIN-01 ("Kupac-Drugi", "Kupac-Prvi"), ' +
          'so none was chosen. Keep the serial number on one profile only, or assign one of them to the router.',
      ]).toContain(refusal.error);
      expect(fleet.device('TWIN-01')!.getValue(SSID)).toBe(FACTORY_SSID);
    });
  });
}
