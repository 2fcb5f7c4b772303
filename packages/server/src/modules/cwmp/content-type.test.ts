// Issue 23, point 3: routers send every Content-Type there is, an empty one, or none. The CWMP door
// takes any of them, on every message of a session, the Inform first; the JSON API keeps its rules.
import { request } from 'node:http';
import { encode } from '@provisor/cwmp';
import { startFleet, type Fleet } from '@provisor/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let base: string;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnLoopback(t.app);
  token = await login(t.app);
});
afterAll(async () => t.close());

/** One POST over node:http with exactly this Content-Type header (undefined: none at all). */
function post(
  body: string,
  contentType: string | undefined,
  cookie: string,
): Promise<{ status: number; cookie: string; text: string }> {
  const headers: Record<string, string | number> = { 'content-length': Buffer.byteLength(body) };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (cookie !== '') headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const set = res.headers['set-cookie']?.[0];
        resolve({
          status: res.statusCode ?? 0,
          cookie: set ? (set.split(';')[0] ?? '') : cookie,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function storedSerial(serial: string): Promise<string | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/devices?search=${serial}`,
    headers: bearer(token),
  });
  return res.json().devices.find((d: { serialNumber: string }) => d.serialNumber === serial)?.serialNumber;
}

describe('Content-Type at the CWMP door', () => {
  const spellings: [string, string | undefined][] = [
    ['no header', undefined],
    ['an empty header', ''],
    ['text/xml', 'text/xml'],
    ['text/xml with a quoted charset', 'text/xml; charset="utf-8"'],
    ['application/soap+xml', 'application/soap+xml'],
    ['garbage', 'foo'],
    ['a broken parameter', 'text/xml; charset'],
  ];

  it.each(spellings)('takes an Inform and the session after it with %s', async (_, contentType) => {
    const serial = `CT-${(contentType ?? 'none').replace(/[^a-z0-9]/gi, '') || 'empty'}`;
    const cpe = new TestCpe(base, {
      oui: '00259E',
      productClass: 'EG8145V5',
      serialNumber: serial,
      manufacturer: 'Huawei',
    });
    try {
      const inform = encode({
        namespace: 'urn:dslforum-org:cwmp-1-0',
        header: { id: 'ct-1' },
        body: cpe.informMessage(),
      });
      const first = await post(inform, contentType, '');
      expect(first.status, first.text).toBe(200);
      expect(first.text).toContain('InformResponse');
      // The empty POST of the same session, with the same header.
      const end = await post('', contentType, first.cookie);
      expect(end.status, end.text).toBe(204);
      expect(await storedSerial(serial)).toBe(serial);
    } finally {
      await cpe.close();
    }
  });

  it('keeps the JSON API refusing what is not JSON (415)', async () => {
    for (const contentType of ['', 'foo', 'text/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload: '{"username":"admin","password":"x"}',
      });
      expect(res.statusCode, JSON.stringify(contentType)).toBe(415);
    }
  });

  it('keeps the first-message size limit whatever the Content-Type', async () => {
    const big = `<x>${'a'.repeat(300 * 1024)}</x>`;
    for (const contentType of [undefined, '', 'foo']) {
      expect((await post(big, contentType, '')).status, String(contentType)).toBe(413);
    }
  });
});

describe('a router that sends an empty Content-Type (simulator)', () => {
  let fleet: Fleet;
  afterAll(async () => fleet?.stop());

  it('bootstraps and runs its sessions to the end', async () => {
    fleet = await startFleet({
      acsUrl: `${base}/`,
      count: 2,
      serialTemplate: 'EMPTYCT{i:02}',
      retryScale: 0.0005,
      quirks: { emptyContentType: true },
    });
    await fleet.waitForSessions(2);
    expect(fleet.stats().sessionsFailed).toBe(0);
    expect(await storedSerial('EMPTYCT01')).toBe('EMPTYCT01');
  });
});
