// The CWMP door writes no access-log line per request at the default level: a fleet of a million
// routers informing every 15 minutes would write two lines per message, 4,000 a second, for
// nothing an operator reads (sessions log what happens in them). The API keeps its request log.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, listenOnLoopback } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';

const lines: { msg?: string; req?: { url?: string }; reqId?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});

let t: Awaited<ReturnType<typeof buildTestApp>>;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({}, { logger: pino({ level: 'info' }, sink) });
  base = await listenOnLoopback(t.app);
});
afterAll(() => t.close());

it('logs API requests but not CWMP messages at the info level', async () => {
  const cpe = new TestCpe(base, {
    oui: '00259E',
    productClass: 'EG8145V5',
    serialNumber: 'LOG00001',
    manufacturer: 'Huawei',
  });
  try {
    expect((await cpe.send(cpe.informMessage())).status).toBe(200);
    expect((await cpe.post('')).status).toBe(204);
  } finally {
    await cpe.close();
  }
  await fetch(`${base}/api/auth/verify`);
  const incoming = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
  expect(incoming).toContain('/api/auth/verify');
  expect(incoming).not.toContain('/');
  expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
});
