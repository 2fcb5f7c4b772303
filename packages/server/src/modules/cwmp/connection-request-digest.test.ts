// Issue 23, point 7, the other direction: a router's connection-request server may offer MD5 and
// SHA-256 in either order, or lead with an algorithm the ACS does not speak; the connection request
// (TR-069 Amendment 6, 3.2.2) answers the first challenge it can, through real HTTP on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAcs, type Acs } from '../../../test/integration/rig';

let acs: Acs;
beforeAll(async () => {
  acs = await startAcs();
});
afterAll(async () => acs.close());

describe('connection requests to routers offering several Digest challenges', () => {
  it.each([
    ['MD5 alone', ['MD5']],
    ['SHA-256 alone', ['SHA-256']],
    ['MD5, then SHA-256', ['MD5', 'SHA-256']],
    ['SHA-256, then MD5', ['SHA-256', 'MD5']],
    ['an unknown algorithm, then MD5', ['SHA-512-256', 'MD5']],
    ['an unknown algorithm, then SHA-256', ['SHA-512-256', 'SHA-256']],
  ])('reach a router offering %s', async (label, offered) => {
    const serial = `CRDG-${label.replace(/[^A-Za-z0-9]/g, '')}-1`;
    const fleet = await acs.fleet({
      count: 1,
      serialTemplate: serial.replace(/1$/, '{i}'),
      quirks: { crDigestChallenges: offered },
    });
    await fleet.waitForSessions(1);
    const id = (await acs.deviceBySerial(serial)).id;
    // The first session also set the router's own connection-request credentials.
    await acs.waitFor(
      'connection request credentials',
      async () => (await acs.deviceBySerial(serial)).connectionRequestUsername !== '',
    );
    const res = await acs.api('POST', `/api/devices/${id}/test-connection`);
    expect(res.status).toBe(200);
    expect(res.json(), JSON.stringify(res.json())).toMatchObject({ success: true, outcome: 'reachable' });
  });
});
