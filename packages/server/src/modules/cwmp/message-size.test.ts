// Only answers to the ACS's own RPCs may be large: an Inform, or anything outside a session, is
// bounded by cwmpFirstMessageLimitBytes before it is read or parsed (so a stranger cannot make the
// server read and parse megabytes), over real HTTP on loopback.
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { encode, parameterValue, type CpeMethodResponse } from '@provisor/cwmp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';
import { noRpcs, scriptedJobs, type NoAnswer } from '../../../test/scripted-jobs';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const FIRST_MESSAGE_LIMIT = 16 * 1024;
let t: TestApp;
let base: string;
let serial = 0;
const cpes: TestCpe[] = [];
function cpe() {
  const c = new TestCpe(base, {
    oui: 'A1B2C3',
    productClass: 'SizeBox',
    serialNumber: `SIZE${++serial}`,
    manufacturer: 'Acme',
  });
  cpes.push(c);
  return c;
}
const padding = (bytes: number) => [
  { name: 'InternetGatewayDevice.DeviceInfo.X_Padding', value: 'p'.repeat(bytes) },
];

const scripted = scriptedJobs();
beforeAll(async () => {
  t = await buildTestApp(
    { cwmpFirstMessageLimitBytes: FIRST_MESSAGE_LIMIT, cwmpBodyTimeoutMs: 500 },
    { jobSide: scripted.side },
  );
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await Promise.all(cpes.map((c) => c.close()));
  await t.close();
});

async function stored(serialNumber: string): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/devices?search=${serialNumber}`,
    headers: bearer(await login(t.app)),
  });
  return res.json().total > 0;
}

describe('CWMP message size', () => {
  it('refuses an Inform larger than the first-message limit with 413, and stores nothing', async () => {
    const c = cpe();
    const res = await c.inform(undefined, {}, padding(FIRST_MESSAGE_LIMIT));
    expect(res.status).toBe(413);
    expect(res.text).toMatch(new RegExp(`larger than ${FIRST_MESSAGE_LIMIT} bytes`));
    expect(await stored(c.identity.serialNumber)).toBe(false);
    // Just under the limit is fine.
    expect((await c.inform(undefined, {}, padding(FIRST_MESSAGE_LIMIT - 2048))).status).toBe(200);
  });

  it('bounds a compressed Inform by what it inflates to', async () => {
    const c = cpe();
    const xml = encode({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'i' },
      body: c.informMessage(undefined, padding(10 * FIRST_MESSAGE_LIMIT)),
    });
    const gz = gzipSync(Buffer.from(xml));
    expect(gz.length).toBeLessThan(FIRST_MESSAGE_LIMIT);
    const res = await c.post(gz, { 'content-encoding': 'gzip' });
    expect(res.status).toBe(413);
    expect(await stored(c.identity.serialNumber)).toBe(false);
  });

  it('refuses a large message that answers no RPC, inside a session', async () => {
    scripted.use(noRpcs);
    const c = cpe();
    expect((await c.inform()).status).toBe(200);
    const res = await c.send({
      name: 'TransferComplete',
      commandKey: 'x'.repeat(FIRST_MESSAGE_LIMIT),
      faultStruct: { faultCode: 0, faultString: '' },
      startTime: new Date().toISOString(),
      completeTime: new Date().toISOString(),
    } as never);
    expect(res.status).toBe(413);
  });

  it("accepts a large answer to the ACS's own RPC", async () => {
    const answers: (CpeMethodResponse | NoAnswer | { name: string })[] = [];
    let asked = false;
    scripted.use({
      next: async () => {
        if (asked) return null;
        asked = true;
        return {
          request: { name: 'GetParameterValues', parameterNames: ['InternetGatewayDevice.'] },
          complete: async (a) => void answers.push(a),
        };
      },
    });
    const c = cpe();
    await c.inform();
    const rpc = await c.post('');
    expect(rpc.envelope?.body.name).toBe('GetParameterValues');
    const parameterList = Array.from({ length: 2000 }, (_, i) =>
      parameterValue(`InternetGatewayDevice.X_Big.${i}.Value`, 'string', 'v'.repeat(40)),
    );
    const res = await c.send({ name: 'GetParameterValuesResponse', parameterList }, rpc.envelope!.header.id);
    expect(res.status).toBe(204);
    expect(answers).toHaveLength(1);
    expect((answers[0] as { parameterList: unknown[] }).parameterList).toHaveLength(2000);
    scripted.use(noRpcs);
  });

  it('answers 408 and closes a connection whose body trickles in (slowloris)', async () => {
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST / HTTP/1.1\r\nHost: acs\r\nContent-Type: text/xml\r\nContent-Length: 1000\r\n\r\n<soap',
        );
      });
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      // Without the timeout the server would wait for the other 995 bytes as long as the socket lives.
      setTimeout(() => socket.destroy(new Error('still open after 10 s')), 10_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/did not arrive within 500 ms/);
  });

  it("answers a large POST to a path nothing serves 404, not the CWMP door's 413", async () => {
    for (const url of ['/api/profiles/no-such-route', '/nothing-here', '/cwmp/extra']) {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: 'x'.repeat(4 * FIRST_MESSAGE_LIMIT) }),
      });
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { message: string }).message, url).toContain(`No route POST ${url}`);
    }
  });
});
