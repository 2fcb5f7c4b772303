// What the CWMP door answers to Informs that break TR-069's DeviceIdStruct limits, are not valid
// UTF-8, or exceed the codec's limits: a fault or a 4xx, and no device stored (security finding 8,
// and the codec part of finding 7). Over real HTTP on loopback, router authentication off.
import { encode, type CwmpMessage } from '@provisor/cwmp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
let base: string;
let token: string;
const cpes: TestCpe[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnLoopback(t.app);
  token = await login(t.app);
});
afterAll(async () => {
  await Promise.all(cpes.map((c) => c.close()));
  await t.close();
});

type Identity = TestCpe['identity'];

function cpe(identity: Partial<Identity> = {}): TestCpe {
  const c = new TestCpe(base, {
    oui: '00259E',
    productClass: 'EG8145V5',
    serialNumber: `LIM${String(cpes.length + 1).padStart(8, '0')}`,
    manufacturer: 'Huawei',
    ...identity,
  });
  cpes.push(c);
  return c;
}

/** Serial numbers of every stored device. */
async function storedSerials(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/devices?limit=500', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { devices: { serialNumber: string }[] }).devices.map((d) => d.serialNumber);
}

/** The Inform envelope of `c` as UTF-8 bytes. */
function informBytes(c: TestCpe): Buffer {
  const body: CwmpMessage = c.informMessage();
  return Buffer.from(encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'inform-1' }, body }));
}

describe('Inform identity limits (TR-069 A.3.3.1 DeviceIdStruct)', () => {
  it('stores a device whose fields are at the limits (64 characters, lower-case OUI)', async () => {
    const serial = 'S'.repeat(64);
    const c = cpe({
      oui: '00259e',
      serialNumber: serial,
      productClass: 'P'.repeat(64),
      manufacturer: 'M'.repeat(64),
    });
    expect((await c.inform()).envelope?.body).toEqual({ name: 'InformResponse', maxEnvelopes: 1 });
    expect(await storedSerials()).toContain(serial);
  });

  it('answers a 100,000-character SerialNumber with fault 8003 naming SerialNumber, and stores nothing', async () => {
    const before = await storedSerials();
    const c = cpe({ serialNumber: 'X'.repeat(100_000) });
    const res = await c.inform();
    expect(res.status).toBe(200);
    expect(res.envelope?.header.id).toBe('inform-1');
    expect(res.envelope?.body).toMatchObject({ name: 'Fault', faultCode: 8003 });
    expect(res.envelope?.body).toHaveProperty(
      'faultString',
      expect.stringContaining('DeviceId/SerialNumber is 100000 characters; TR-069 allows at most 64'),
    );
    expect(await storedSerials()).toStrictEqual(before);
  });

  it.each([
    ['Manufacturer', { manufacturer: 'M'.repeat(65) }],
    ['ProductClass', { productClass: 'P'.repeat(65) }],
    ['OUI', { oui: '00259E00' }],
    ['SerialNumber', { serialNumber: '' }],
  ] as const)('answers a bad %s with fault 8003 naming it, and stores nothing', async (field, identity) => {
    const before = await storedSerials();
    const res = await cpe(identity).inform();
    expect(res.envelope?.body).toMatchObject({ name: 'Fault', faultCode: 8003 });
    expect(res.envelope?.body).toHaveProperty('faultString', expect.stringContaining(`DeviceId/${field}`));
    expect(await storedSerials()).toStrictEqual(before);
  });
});

describe('Inform bytes that are not valid UTF-8', () => {
  it('answers invalid UTF-8 in the SerialNumber with 415 saying so, and stores no device', async () => {
    const before = await storedSerials();
    const c = cpe({ serialNumber: 'CAFE#BAD' });
    // "é" written in ISO-8859-1 (0xE9) in a body that declares nothing, so is UTF-8.
    const good = informBytes(c);
    const at = good.indexOf('#');
    const bytes = Buffer.concat([good.subarray(0, at), Buffer.from([0xe9]), good.subarray(at + 1)]);
    const res = await c.post(bytes);
    expect(res.status).toBe(415);
    expect(res.text).toContain(`not valid UTF-8 (first invalid byte at offset ${at})`);
    expect(res.text).toContain('encoding="ISO-8859-1"');
    expect(await storedSerials()).toStrictEqual(before);
  });

  it('stores the same bytes declared as ISO-8859-1, as the CPE meant them', async () => {
    const c = cpe({ serialNumber: 'CAFE#OK' });
    const declared = Buffer.from(
      informBytes(c).toString('latin1').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'),
      'latin1',
    );
    expect(declared.toString('latin1')).toContain('encoding="ISO-8859-1"');
    const at = declared.indexOf('#');
    const bytes = Buffer.concat([declared.subarray(0, at), Buffer.from([0xe9]), declared.subarray(at + 1)]);
    const res = await c.post(bytes, { 'content-type': 'text/xml; charset=ISO-8859-1' });
    expect(res.envelope?.body).toEqual({ name: 'InformResponse', maxEnvelopes: 1 });
    expect(await storedSerials()).toContain('CAFEéOK');
  });
});

describe('Inform over the codec limits', () => {
  const declaring = (c: TestCpe, count: number) => {
    const decls = Array.from({ length: count }, (_, i) => ` xmlns:p${i}="urn:x:${i}"`).join('');
    return informBytes(c).toString('utf8').replace('<soap-env:Envelope', `<soap-env:Envelope${decls}`);
  };

  it('refuses a 6.7 MB Inform declaring 250,000 namespaces before reading it (413), stores nothing, and keeps serving', async () => {
    const before = await storedSerials();
    const c = cpe();
    const xml = declaring(c, 250_000);
    expect(xml.length).toBeGreaterThan(6_500_000);
    const res = await c.post(xml);
    expect(res.status).toBe(413);
    expect(await storedSerials()).toStrictEqual(before);
    const other = cpe();
    expect((await other.inform()).envelope?.body).toEqual({ name: 'InformResponse', maxEnvelopes: 1 });
  });

  it('answers an Inform declaring more namespaces than the codec allows with 400, and stores nothing', async () => {
    const before = await storedSerials();
    const c = cpe();
    const res = await c.post(declaring(c, 300));
    expect(res.status).toBe(400);
    expect(res.text).toContain('CWMP_ERR_NAMESPACE_LIMIT');
    expect(await storedSerials()).toStrictEqual(before);
  });
});
