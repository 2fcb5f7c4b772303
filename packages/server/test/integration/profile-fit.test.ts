// Issue 23 point 10: starter templates fit real routers, and a profile push skips what the router
// does not have. Through real HTTP, against the simulator acting as the real EG8145V5 dump (which has
// no Time.NTPServer1, Time.LocalTimeZoneName or UserInterface.RemoteAccess.Enable).
import type { Fleet } from '@provisor/sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../test-support/shared-data';
import { startAcs, type Acs } from './rig';
import { specProfileValues } from '../../../../test-support/spec-profile';

const SERIAL = 'HWTC-FIT-01';
const WLAN = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1';
const NTP = 'InternetGatewayDevice.Time.NTPServer1';
const REMOTE = 'InternetGatewayDevice.UserInterface.RemoteAccess.Enable';

describeWithSharedData('profiles on a simulated Huawei EG8145V5 (real dump, ../shared/data/devices)', () => {
  let acs: Acs;
  let fleet: Fleet;
  let id: string;
  beforeAll(async () => {
    acs = await startAcs();
    fleet = await acs.fleet({
      count: 1,
      model: 'eg8145v5',
      modelsDir: sharedDataPath('devices'),
      serialTemplate: 'HWTC-FIT-{i:02}',
    });
    await fleet.waitForSessions(1);
    id = (await acs.deviceBySerial(SERIAL)).id;
    await acs.waitFor(
      'connection request credentials',
      async () => (await acs.deviceBySerial(SERIAL)).connectionRequestUsername !== '',
    );
  });
  afterAll(async () => acs.close());

  const sim = () => fleet.device(SERIAL)!;
  const setParameterValuesSeen = () =>
    sim().sessionLog.entries.filter((e) => e.kind === 'rpc' && e.name === 'SetParameterValues');
  async function finished(jobId: string) {
    return acs.jobFinished(jobId);
  }
  async function assign(templateId: string, name: string, values: Record<string, unknown>) {
    const created = await acs.api('POST', '/api/profiles', { name, templateId, values });
    expect(created.status, JSON.stringify(created.json())).toBe(201);
    const profile = created.json().profile;
    const res = await acs.api('POST', `/api/devices/${id}/assign-profile`, { profileId: profile.id });
    expect(res.status, JSON.stringify(res.json())).toBe(200);
    return { profile, job: await finished(res.json().job.id) };
  }
  async function template(name: string, mapping: { field: string; param: string; type: string }[]) {
    const res = await acs.api('POST', '/api/templates', {
      name,
      vendor: 'Huawei',
      model: 'EG8145V5',
      dataModel: 'TR-098',
      mapping,
    });
    expect(res.status, JSON.stringify(res.json())).toBe(201);
    return res.json().template.id as string;
  }

  it('the starter EG8145V5 profile with the spec §9 defaults applies whole; the router is not in Error', async () => {
    const before = setParameterValuesSeen().length;
    const starter = (await acs.api('GET', '/api/templates?model=EG8145V5')).json().templates[0];
    expect(starter.name).toBe('Huawei EG8145V5 Residential');
    // spec §9: the manual profile defaults, for customer Horvat, all 13 values as the console sends them.
    const { profile, job } = await assign(starter.id, 'Kupac-Horvat', specProfileValues('Horvat'));
    expect(job, JSON.stringify(job)).toMatchObject({ type: 'apply-profile', status: 'completed' });
    // Every mapped parameter is one the router has: nothing skipped, one SetParameterValues, no fault.
    expect(job.result.skipped).toBeUndefined();
    expect(job.result.parameters).toHaveLength(profile.renderedParams.length);
    const pushes = setParameterValuesSeen().slice(before);
    expect(pushes).toEqual([expect.objectContaining({ name: 'SetParameterValues' })]);
    expect(pushes[0]).not.toHaveProperty('faultCode');
    for (const p of profile.renderedParams as { name: string; value: string }[]) {
      expect(sim().getValue(p.name), p.name).toBe(p.value);
    }
    expect((await acs.deviceBySerial(SERIAL)).status).not.toBe('error');
  });

  it('a profile mapping parameters the router lacks skips them, reports them, and applies the rest', async () => {
    // The router's tree read once (as at bootstrap): the ACS now knows UserInterface has no RemoteAccess.
    const refresh = await acs.api('POST', `/api/devices/${id}/refresh`, {});
    expect(refresh.status, JSON.stringify(refresh.json())).toBe(200);
    expect((await finished(refresh.json().job.id)).status).toBe('completed');
    const before = setParameterValuesSeen().length;

    const templateId = await template('EG8145V5 with missing parameters', [
      { field: 'wifi_ssid', param: `${WLAN}.SSID`, type: 'string' },
      { field: 'remote_access_enabled', param: REMOTE, type: 'boolean' },
      { field: 'ntp_server', param: NTP, type: 'string' },
    ]);
    const { job } = await assign(templateId, 'Kupac-Kovac', {
      wifi_ssid: 'GT_Kovac',
      remote_access_enabled: false,
      ntp_server: 'hr.pool.ntp.org',
    });
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', error: null });
    expect(job.result).toMatchObject({
      parameters: [{ name: `${WLAN}.SSID`, value: 'GT_Kovac', type: 'string' }],
      // RemoteAccess: left out by the stored tree. Time.NTPServer1: the tree holds no Time leaf, so
      // it was pushed, refused with 9005, and the push sent once more without it.
      skipped: [
        { name: REMOTE, reason: 'not on this router' },
        { name: NTP, reason: 'not on this router (fault 9005)' },
      ],
    });
    expect(setParameterValuesSeen().slice(before)).toEqual([
      expect.objectContaining({ faultCode: 9003 }),
      expect.not.objectContaining({ faultCode: expect.anything() }),
    ]);
    expect(sim().getValue(`${WLAN}.SSID`)).toBe('GT_Kovac');
    expect((await acs.deviceBySerial(SERIAL)).status).not.toBe('error');
  });

  it('a profile of nothing the router has finishes with a clear result and sends no SetParameterValues', async () => {
    const before = setParameterValuesSeen().length;
    const templateId = await template('EG8145V5 remote access only', [
      { field: 'remote_access_enabled', param: REMOTE, type: 'boolean' },
    ]);
    const { profile, job } = await assign(templateId, 'Kupac-Babic', { remote_access_enabled: true });
    expect(job, JSON.stringify(job)).toMatchObject({
      status: 'completed',
      result: {
        profileId: profile.id,
        version: 1,
        parameters: [],
        skipped: [{ name: REMOTE, reason: 'not on this router' }],
      },
    });
    expect(setParameterValuesSeen().slice(before)).toEqual([]);
  });
});
