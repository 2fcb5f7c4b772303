// A bulk call over more routers than the CWMP door admits at once (server.maxConnections): the ACS
// wakes them as the door has room, so no woken router's session is refused with 503. A refused router
// would come back only after its session retry wait (5 to 10 s, TR-069 Amendment 6, 3.2.1.1; the
// simulated routers here wait that long), which is what made the tail of a 10,000-router wave.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAcs, type Acs } from './rig';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const ROUTERS = 15;
const ROOM = 3;

let acs: Acs;
beforeAll(async () => {
  acs = await startAcs();
});
afterAll(async () => acs?.close());

it(`wakes ${ROUTERS} routers through a door of ${ROOM} sessions without a refused session`, async () => {
  const fleet = await acs.fleet({ count: ROUTERS, serialTemplate: 'PACE{i:02}', retryScale: 1 });
  await fleet.waitForSessions(ROUTERS);
  // Every router has its connection-request credentials (its bootstrap job is done).
  const ids = await acs.waitFor('the bootstrap jobs', async () => {
    const res = (await acs.api('GET', '/api/devices?search=PACE&limit=100')).json();
    const devices = res.devices as Json[];
    return devices.length === ROUTERS && devices.every((d) => d.connectionRequestUsername)
      ? devices.map((d) => d.id as string)
      : undefined;
  });
  const settings = await acs.api('PUT', '/api/settings', { server: { maxConnections: ROOM } });
  expect(settings.status).toBe(200);
  const before = fleet.stats();

  let most = 0;
  const { cwmp } = acs.app.services;
  const watch = setInterval(() => (most = Math.max(most, cwmp.activeSessions())), 1);
  const res = await acs.api('POST', '/api/provisioning/bulk/set-parameters', {
    deviceIds: ids,
    parameters: [{ name: 'Device.WiFi.SSID.1.SSID', value: 'paced' }],
  });
  expect(res.status).toBe(200);
  const { operationId } = res.json();
  try {
    await acs.waitFor(
      'every job to complete',
      async () => {
        const op = (await acs.api('GET', `/api/provisioning/operations/${operationId}`)).json();
        return op.completed === ROUTERS;
      },
      // Long enough for refused routers to come back (the assertions below tell them apart).
      30_000,
    );
    // A job is complete before its session's last answer (204) reaches the router.
    await acs.waitFor(
      'every session to end',
      async () => fleet.stats().sessionsOk - before.sessionsOk >= ROUTERS,
      5_000,
    );
  } finally {
    clearInterval(watch);
  }
  const after = fleet.stats();
  expect(after.sessionsFailed - before.sessionsFailed).toBe(0);
  expect(after.sessionsOk - before.sessionsOk).toBe(ROUTERS);
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(ROOM);
  expect(fleet.devices.every((d) => d.getValue('Device.WiFi.SSID.1.SSID') === 'paced')).toBe(true);
});
