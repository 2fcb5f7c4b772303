// The CWMP door over real HTTP on loopback: sessions, inventory, faults and bad input.
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import type { CpeMethodResponse, CwmpFault } from '@provisor/cwmp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../../test-support/shared-data';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';
import { noRpcs, scriptedJobs, type NoAnswer, type Script } from '../../../test/scripted-jobs';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
let base: string;
let token: string;
const cpes: TestCpe[] = [];
const cpe = (serialNumber = `HWTC${String(cpes.length + 1).padStart(8, '0')}`) => {
  const c = new TestCpe(base, {
    oui: '00259E',
    productClass: 'EG8145V5',
    serialNumber,
    manufacturer: 'Huawei',
  });
  cpes.push(c);
  return c;
};

const scripted = scriptedJobs();
beforeAll(async () => {
  t = await buildTestApp(
    { cwmpBodyLimitBytes: 64 * 1024, cwmpMaxRpcsPerSession: 3 },
    { jobSide: scripted.side },
  );
  base = await listenOnLoopback(t.app);
  token = await login(t.app);
});
afterEach(() => scripted.use(noRpcs));
afterAll(async () => {
  await Promise.all(cpes.map((c) => c.close()));
  await t.close();
});

async function deviceBySerial(serial: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/devices?search=${serial}`,
    headers: bearer(token),
  });
  return res.json().devices.find((d: { serialNumber: string }) => d.serialNumber === serial);
}

describe('CWMP sessions', () => {
  it('answers an Inform with InformResponse echoing ID and namespace, sets a cookie, records the device', async () => {
    const c = cpe();
    const res = await c.inform();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.envelope?.body).toEqual({ name: 'InformResponse', maxEnvelopes: 1 });
    expect(res.envelope?.header.id).toBe('inform-1');
    expect(res.envelope?.namespace).toBe('urn:dslforum-org:cwmp-1-2');
    expect(String(res.headers['set-cookie'])).toMatch(/^provisor_session=[\w-]+; Path=\/; HttpOnly$/);
    // Routers get no browser security headers (the console does).
    expect(res.headers['content-security-policy']).toBeUndefined();
    const end = await c.post('');
    expect(end.status).toBe(204);
    const device = await deviceBySerial(c.identity.serialNumber);
    expect(device).toMatchObject({
      oui: '00259E',
      productClass: 'EG8145V5',
      manufacturer: 'Huawei',
      softwareVersion: 'V5R020C00S280',
      hardwareVersion: '15AD.A',
      status: 'online',
      connectionRequestUrl: 'http://127.0.0.1:7547/cr',
      periodicInformInterval: 300,
      lastEvents: ['0 BOOTSTRAP', '1 BOOT'],
    });
    expect(Date.now() - Date.parse(device.lastInformAt)).toBeLessThan(10_000);
  });

  it('updates rather than duplicates on a second Inform', async () => {
    const c = cpe();
    await c.inform();
    await c.post('');
    c.forgetCookies();
    const again = await c.send(c.informMessage(['2 PERIODIC']), 'inform-2');
    expect(again.status).toBe(200);
    await c.post('');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/devices?search=${c.identity.serialNumber}`,
      headers: bearer(token),
    });
    expect(res.json().total).toBe(1);
    expect(res.json().devices[0].lastEvents).toEqual(['2 PERIODIC']);
  });

  it('stores the Inform parameters and starts over on 0 BOOTSTRAP', async () => {
    const c = cpe();
    await c.send(c.informMessage(['1 BOOT'], [{ name: 'InternetGatewayDevice.X_Learnt', value: 'yes' }]));
    await c.post('');
    const device = await deviceBySerial(c.identity.serialNumber);
    const params = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/devices/${device.id}/parameters`,
          headers: bearer(token),
        })
      ).json().parameters;
    expect((await params()).map((p: { name: string }) => p.name)).toContain('InternetGatewayDevice.X_Learnt');
    c.forgetCookies();
    await c.inform(['0 BOOTSTRAP']);
    await c.post('');
    const after = await params();
    expect(after.map((p: { name: string }) => p.name)).not.toContain('InternetGatewayDevice.X_Learnt');
    expect(after.find((p: { name: string }) => p.name.endsWith('SoftwareVersion'))).toEqual({
      name: 'InternetGatewayDevice.DeviceInfo.SoftwareVersion',
      value: 'V5R020C00S280',
      type: 'string',
    });
  });

  it('answers CPE requests, and fault 8000 for a method the ACS does not take', async () => {
    const c = cpe();
    await c.inform();
    const methods = await c.send({ name: 'GetRPCMethods' }, 'g1');
    expect(methods.envelope?.body).toMatchObject({
      name: 'GetRPCMethodsResponse',
      methodList: expect.arrayContaining(['Inform', 'TransferComplete']),
    });
    expect(methods.envelope?.header.id).toBe('g1');
    const tc = await c.send(
      {
        name: 'TransferComplete',
        commandKey: 'k1',
        faultStruct: { faultCode: 0, faultString: '' },
        startTime: '0001-01-01T00:00:00Z',
        completeTime: '0001-01-01T00:00:00Z',
      },
      't1',
    );
    expect(tc.envelope?.body).toEqual({ name: 'TransferCompleteResponse' });
    const kicked = await c.send(
      { name: 'Kicked', command: 'c', referer: 'r', arg: 'a', next: 'http://next/' },
      'k1',
    );
    expect(kicked.envelope?.body).toEqual({ name: 'KickedResponse', nextUrl: 'http://next/' });
    const wrong = await c.send({ name: 'GetParameterValues', parameterNames: ['X.'] }, 'w1');
    expect(wrong.envelope?.body).toMatchObject({ name: 'Fault', faultCode: 8000 });
    const unknown = await c.post(
      '<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/" xmlns:cwmp="urn:dslforum-org:cwmp-1-0"><soap-env:Header><cwmp:ID soap-env:mustUnderstand="1">u7</cwmp:ID></soap-env:Header><soap-env:Body><cwmp:X_ACME_Frobnicate/></soap-env:Body></soap-env:Envelope>',
    );
    expect(unknown.envelope?.body).toMatchObject({ name: 'Fault', faultCode: 8000 });
    expect(unknown.envelope?.header.id).toBe('u7');
    expect((await c.post('')).status).toBe(204);
  });

  it('refuses a non-Inform first message with fault 8001', async () => {
    const c = cpe();
    const res = await c.send({ name: 'GetRPCMethods' }, 'first');
    expect(res.envelope?.body).toMatchObject({ name: 'Fault', faultCode: 8001, soapFaultCode: 'Server' });
    expect(res.envelope?.header.id).toBe('first');
  });

  it('answers an empty POST with no session with 204', async () => {
    const c = cpe();
    expect((await c.post('')).status).toBe(204);
  });

  it('refuses an Inform with a malformed OUI with fault 8003, and an unknown version with 8006', async () => {
    const c = new TestCpe(base, { oui: 'XYZ', productClass: 'P', serialNumber: 'S1', manufacturer: 'M' });
    cpes.push(c);
    const res = await c.inform();
    expect(res.envelope?.body).toMatchObject({ name: 'Fault', faultCode: 8003 });
    const d = cpe();
    const env = d.informMessage();
    const { encode } = await import('@provisor/cwmp');
    const old = await d.post(
      encode({
        namespace: 'urn:dslforum-org:cwmp-1-2',
        header: { id: 'v', supportedCwmpVersions: ['2.0'] },
        body: env,
      }),
    );
    expect(old.envelope?.body).toMatchObject({ name: 'Fault', faultCode: 8006 });
  });

  it('answers malformed XML, oversized bodies and unknown encodings with 4xx, and keeps serving others', async () => {
    const c = cpe();
    expect((await c.post('<soap-env:Envelope><broken')).status).toBe(400);
    expect((await c.post('<?xml version="1.0" encoding="EBCDIC"?><a/>')).status).toBe(415);
    expect((await c.post(`<x>${'a'.repeat(70 * 1024)}</x>`)).status).toBe(413);
    expect((await c.post(Buffer.from('not gzip'), { 'content-encoding': 'gzip' })).status).toBe(400);
    expect((await c.post(Buffer.from('x'), { 'content-encoding': 'br' })).status).toBe(415);
    const other = cpe();
    expect((await other.inform()).status).toBe(200);
    expect((await other.post('')).status).toBe(204);
  });

  it('accepts chunked bodies and the Content-Type variants CPEs send (none, text/xml, ISO-8859-1)', async () => {
    const { request } = await import('node:http');
    const { encode } = await import('@provisor/cwmp');
    const variants: (string | undefined)[] = [
      undefined,
      'text/xml',
      'text/xml; charset="utf-8"',
      'text/xml; charset=ISO-8859-1',
      'application/soap+xml',
    ];
    for (const [i, contentType] of variants.entries()) {
      const c = cpe(`CHUNK${i}`);
      const xml = encode({
        namespace: 'urn:dslforum-org:cwmp-1-0',
        header: { id: `c${i}` },
        body: c.informMessage(),
      });
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          `${base}/`,
          { method: 'POST', headers: contentType ? { 'content-type': contentType } : {} },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        // Two writes without a Content-Length: the body travels chunked.
        req.write(xml.slice(0, 200));
        req.end(xml.slice(200));
      });
      expect(status, String(contentType)).toBe(200);
      expect(await deviceBySerial(`CHUNK${i}`)).toBeTruthy();
    }
  });

  it('accepts gzip and deflate bodies', async () => {
    const { encode } = await import('@provisor/cwmp');
    for (const [encoding, pack] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      // Some clients send raw deflate under "deflate".
      ['deflate', deflateRawSync],
    ] as const) {
      const c = cpe();
      const res = await c.post(
        pack(
          encode({ namespace: 'urn:dslforum-org:cwmp-1-0', header: { id: 'z' }, body: c.informMessage() }),
        ),
        {
          'content-encoding': encoding,
        },
      );
      expect(res.status, encoding).toBe(200);
      expect(res.envelope?.body.name).toBe('InformResponse');
      expect(res.envelope?.namespace).toBe('urn:dslforum-org:cwmp-1-0');
    }
  });

  it('runs the RPCs of its source after the empty POST and ends with 204', async () => {
    const answers: (CpeMethodResponse | CwmpFault | NoAnswer)[] = [];
    let sent = 0;
    const source: Script = {
      next: async () =>
        sent++ < 1
          ? {
              request: { name: 'GetParameterValues', parameterNames: ['InternetGatewayDevice.DeviceInfo.'] },
              complete: async (a) => void answers.push(a),
            }
          : null,
    };
    scripted.use(source);
    const c = cpe();
    await c.inform();
    const rpc = await c.post('');
    expect(rpc.envelope?.body).toEqual({
      name: 'GetParameterValues',
      parameterNames: ['InternetGatewayDevice.DeviceInfo.'],
    });
    const rpcId = rpc.envelope!.header.id!;
    const done = await c.send({ name: 'GetParameterValuesResponse', parameterList: [] }, rpcId);
    expect(done.status).toBe(204);
    expect(answers).toEqual([{ name: 'GetParameterValuesResponse', parameterList: [] }]);
  });

  it('ends the session with 500 (never 204) when recording an answer fails, and gives the RPC back to its job', async () => {
    const outcomes: string[] = [];
    let sent = false;
    scripted.use({
      next: async () => {
        if (sent) return null;
        sent = true;
        return {
          request: { name: 'GetRPCMethods' },
          complete: async (a) => {
            outcomes.push(a.name === 'NoAnswer' ? `NoAnswer ${a.reason}` : a.name);
            if (a.name !== 'NoAnswer') throw new Error('disk I/O error');
          },
        };
      },
    });
    const c = cpe();
    await c.inform();
    const rpc = await c.post('');
    const res = await c.send({ name: 'GetRPCMethodsResponse', methodList: [] }, rpc.envelope!.header.id);
    expect(res.status).toBe(500);
    expect(res.headers.connection).toBe('close');
    expect(outcomes).toEqual(['GetRPCMethodsResponse', 'NoAnswer internal-error']);
  });

  it('bounds the RPCs of one session', async () => {
    const answers: string[] = [];
    scripted.use({
      next: async () => ({
        request: { name: 'GetRPCMethods' },
        complete: async (a) => void answers.push(a.name === 'NoAnswer' ? a.reason : a.name),
      }),
    });
    const c = cpe();
    await c.inform();
    let res = await c.post('');
    let rpcs = 0;
    while (res.status === 200) {
      rpcs++;
      res = await c.send({ name: 'GetRPCMethodsResponse', methodList: [] }, res.envelope!.header.id);
    }
    expect(res.status).toBe(204);
    expect(rpcs).toBe(3);
    expect(answers).toEqual(['GetRPCMethodsResponse', 'GetRPCMethodsResponse', 'GetRPCMethodsResponse']);
  });

  /** The timeout sweep as if 6 s had passed (past a 5 s session timeout); how many it ended. */
  async function sweepLater(): Promise<number> {
    const realNow = Date.now;
    Date.now = () => realNow() + 6000;
    try {
      return await t.app.services.cwmp.sweep();
    } finally {
      Date.now = realNow;
    }
  }

  it('times out an idle session and tells the pending RPC', async () => {
    const answers: (CpeMethodResponse | CwmpFault | NoAnswer)[] = [];
    scripted.use({
      next: async () => ({ request: { name: 'GetRPCMethods' }, complete: async (a) => void answers.push(a) }),
    });
    const c = cpe();
    const inform = c.informMessage();
    const { encode } = await import('@provisor/cwmp');
    await c.post(
      encode({
        namespace: 'urn:dslforum-org:cwmp-1-2',
        header: { id: 'i', sessionTimeout: 5 },
        body: inform,
      }),
    );
    await c.post('');
    expect(t.app.services.cwmp.activeSessions()).toBeGreaterThan(0);
    expect(await t.app.services.cwmp.sweep()).toBe(0);
    expect(await sweepLater()).toBeGreaterThanOrEqual(1);
    expect(answers).toEqual([{ name: 'NoAnswer', reason: 'timeout' }]);
  });

  it('does not time out a session whose message is being handled; a later sweep does', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let answers = 0;
    scripted.use({
      next: async () => ({
        request: { name: 'GetRPCMethods' },
        complete: async () => {
          // The first answer's recording takes a while (a slow database, say).
          if (++answers === 1) await held;
        },
      }),
    });
    const c = cpe();
    const { encode } = await import('@provisor/cwmp');
    await c.post(
      encode({
        namespace: 'urn:dslforum-org:cwmp-1-2',
        header: { id: 'i', sessionTimeout: 5 },
        body: c.informMessage(),
      }),
    );
    const rpc = await c.post('');
    expect(rpc.envelope?.body.name).toBe('GetRPCMethods');
    const answering = c.send({ name: 'GetRPCMethodsResponse', methodList: [] }, rpc.envelope!.header.id);
    const deadline = Date.now() + 5000;
    while (answers === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(answers).toBe(1);
    expect(await sweepLater()).toBe(0);
    release();
    // Handled: the session goes on (the next RPC), and is idle from then on.
    expect((await answering).envelope?.body.name).toBe('GetRPCMethods');
    expect(await sweepLater()).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 with Retry-After above server.maxConnections concurrent sessions', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(token),
      payload: { server: { maxConnections: 1 } },
    });
    const active = t.app.services.cwmp.activeSessions();
    const a = cpe();
    const b = cpe();
    try {
      if (active === 0) expect((await a.inform()).status).toBe(200);
      const res = await b.inform();
      expect(res.status).toBe(503);
      expect(String(res.headers['retry-after'])).toMatch(/^(3\d|4\d|5\d|60)$/); // 30 to 60 s, spread
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: bearer(token),
        payload: { server: { maxConnections: 100 } },
      });
      await a.post('');
    }
  });
});

describeWithSharedData('real captured Inform (../shared/data/cwmp-samples)', () => {
  it('is accepted and recorded', async () => {
    const c = cpe();
    const res = await c.post(readFileSync(sharedDataPath('cwmp-samples', 'inform_request.xml')));
    expect(res.status).toBe(200);
    expect(res.envelope?.body.name).toBe('InformResponse');
    await c.post('');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/devices?limit=1000',
      headers: bearer(token),
    });
    expect(list.json().total).toBeGreaterThan(0);
  });
});
