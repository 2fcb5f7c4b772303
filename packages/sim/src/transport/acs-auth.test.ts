import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rig } from '../../test/fixtures';
import type { Rig } from '../../test/fixtures';

let r: Rig | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

const SN = 'SIM000001';
const creds = { username: 'cpe', password: 's3cret' };

describe('authenticating to the ACS (TR-069 Amendment 6, 3.4.4)', () => {
  it.each(['basic', 'digest'] as const)(
    'answers a %s challenge and keeps authenticating for the whole session',
    async (scheme) => {
      r = await rig({ auth: creds }, { auth: { scheme, ...creds } });
      r.acs.queue(
        SN,
        { name: 'GetRPCMethods' },
        { name: 'GetParameterValues', parameterNames: ['Device.Time.Enable'] },
      );
      await r.fleet.waitForSessions(1);
      const s = r.acs.sessionsOf(SN)[0]!;
      expect(s.received.map((m) => m.name)).toEqual(['GetRPCMethodsResponse', 'GetParameterValuesResponse']);
      // Only the first POST was challenged: later ones carried credentials (Digest: same nonce, nc 2, 3, …).
      expect(r.acs.unauthorized).toBe(1);
      expect(s.ports.size).toBe(1);
    },
  );

  it.each(['basic', 'digest'] as const)(
    'treats refused %s credentials as a failed session and retries with RetryCount',
    async (scheme) => {
      r = await rig({ auth: { username: 'cpe', password: 'wrong' } }, { auth: { scheme, ...creds } });
      const d = r.fleet.devices[0]!;
      await r.fleet.waitUntil(() => d.sessionsFailed >= 3, 5000, 'three failed sessions');
      expect(r.acs.sessions).toHaveLength(0);
      const informs = d.sessionLog.entries.filter((e) => e.kind === 'inform');
      expect(informs.slice(0, 3).map((e) => e.kind === 'inform' && e.retryCount)).toEqual([0, 1, 2]);
      const ends = d.sessionLog.entries.filter((e) => e.kind === 'session-end');
      expect(ends[0]).toMatchObject({
        ok: false,
        error: expect.stringMatching(/refused the credentials.*--username\/--password/),
      });
    },
  );

  it('fails the session when the ACS wants credentials and none are configured', async () => {
    r = await rig({}, { auth: { scheme: 'digest', ...creds } });
    const d = r.fleet.devices[0]!;
    await r.fleet.waitUntil(() => d.sessionsFailed >= 1, 5000);
    expect(d.sessionLog.entries.find((e) => e.kind === 'session-end')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/asks for credentials/),
    });
  });
});

describe('failed sessions (TR-069 Amendment 6, 3.2.1.1)', () => {
  it('retries after HTTP errors with a growing RetryCount, keeps the events, and resets the count on success', async () => {
    r = await rig({}, { failInforms: 2 });
    await r.fleet.waitForSessions(1);
    const inform = r.acs.informsOf(SN)[0]!;
    expect(inform.retryCount).toBe(2);
    expect(inform.event.map((e) => e.eventCode)).toEqual(['0 BOOTSTRAP', '1 BOOT']);
    expect(r.fleet.devices[0]!.retryCount).toBe(0);
    expect(r.fleet.stats()).toMatchObject({ sessionsOk: 1, sessionsFailed: 2 });
  });

  it('treats a fault in answer to the Inform as a failed session', async () => {
    r = await rig({}, { informFault: 8002 });
    const d = r.fleet.devices[0]!;
    await r.fleet.waitUntil(() => d.sessionsFailed >= 2, 5000);
    expect(d.sessionLog.entries.find((e) => e.kind === 'session-end')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/fault 8002/),
    });
  });

  it('gives up on an exchange after httpTimeoutMs', async () => {
    // An ACS that accepts the connection and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((res) => silent.listen(0, '127.0.0.1', res));
    try {
      const port = (silent.address() as AddressInfo).port;
      r = await rig({ acsUrl: `http://127.0.0.1:${port}/`, httpTimeoutMs: 150 });
      const d = r.fleet.devices[0]!;
      await r.fleet.waitUntil(() => d.sessionsFailed >= 1, 5000);
      expect(d.sessionLog.entries.find((e) => e.kind === 'session-end')).toMatchObject({
        ok: false,
        error: expect.stringMatching(/no answer within 150 ms/),
      });
    } finally {
      await r?.close();
      r = undefined;
      silent.closeAllConnections();
      silent.close();
    }
  });
});
