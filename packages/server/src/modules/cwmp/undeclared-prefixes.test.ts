// Issue 23, point 6, through real HTTP: routers that write soap:, cwmp:, xsd:... without declaring
// them. The session goes on, and a job whose RPC such a router refuses fails with the router's fault
// (code and text) at once, instead of losing the answer and running again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAcs, type Acs } from '../../../test/integration/rig';

let acs: Acs;
beforeAll(async () => {
  acs = await startAcs();
});
afterAll(async () => acs.close());

async function refusedSetParameters(serial: string) {
  const id = (await acs.deviceBySerial(serial)).id;
  const res = await acs.api('POST', `/api/devices/${id}/set-parameters`, {
    // A good int to the ACS, which checks a value against the type it is given; the router knows
    // the parameter is an unsignedInt and refuses it (9003, with 9006 for the parameter).
    parameters: [
      {
        name: 'Device.ManagementServer.PeriodicInformInterval',
        value: '600',
        type: 'xsd:int',
      },
    ],
  });
  expect(res.status, JSON.stringify(res.json())).toBe(200);
  const jobId = res.json().job.id as string;
  return acs.jobFinished(jobId);
}

describe('routers that leave the well-known prefixes undeclared', () => {
  it.each([
    ['in their Faults only', 'faults', 'UNDECL-F{i}'],
    ['in every message', 'all', 'UNDECL-A{i}'],
  ] as const)('%s: the refused job fails with the fault code and text', async (_, mode, template) => {
    const fleet = await acs.fleet({
      count: 1,
      serialTemplate: template,
      quirks: { undeclaredPrefixes: mode },
    });
    await fleet.waitForSessions(1);
    const serial = template.replace('{i}', '1');
    await acs.waitFor(
      'connection request credentials',
      async () => (await acs.deviceBySerial(serial)).connectionRequestUsername !== '',
    );
    const job = await refusedSetParameters(serial);
    expect(job.status, JSON.stringify(job)).toBe('failed');
    expect(job.faultCode).toBe(9003);
    expect(job.error).toBe(
      'CPE fault 9003 (Invalid arguments): Device.ManagementServer.PeriodicInformInterval: 9006 Invalid parameter type',
    );
    // Answered in its first session: no RPC went unanswered.
    expect(job.attempts).toBe(1);
    expect(fleet.stats().sessionsFailed).toBe(0);
  });
});

describe('an unknown undeclared prefix', () => {
  it('is answered 400 saying which prefix to declare, and how', async () => {
    const res = await fetch(acs.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<foo:Envelope><foo:Body><cwmp:GetRPCMethods/></foo:Body></foo:Envelope>',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(
      'the prefix "foo" of <foo:Envelope> is not declared: declare it (xmlns:foo="http://schemas.xmlsoap.org/soap/envelope/")',
    );
  });
});
