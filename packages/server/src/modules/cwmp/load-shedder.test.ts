// While the event loop runs late, the CWMP door refuses new sessions (503, Retry-After) before reading
// them, and sessions in progress and the API go on; over real HTTP, with the test keeping the loop
// busy as a flood of routers would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';
import { createLoadShedder } from './load-shedder';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

/** Keeps the event loop busy `ms` out of every `ms + 10`, until stopped. */
function hog(ms: number): () => void {
  const timer = setInterval(() => busy(ms), 10);
  return () => clearInterval(timer);
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await sleep(25);
  if (!check()) throw new Error(`timed out waiting until ${what}`);
}

describe('load shedder', () => {
  it('says overloaded while the loop runs late, and not once it catches up', async () => {
    const shedder = createLoadShedder({ maxLagMs: 50 });
    shedder.start();
    try {
      await sleep(120);
      expect(shedder.overloaded()).toBe(false);
      const stop = hog(150);
      await until(() => shedder.overloaded(), 'overloaded');
      expect(shedder.lagMs()).toBeGreaterThan(50);
      stop();
      await until(() => !shedder.overloaded(), 'caught up');
    } finally {
      shedder.stop();
    }
  });

  it('never sheds with maxLagMs 0', async () => {
    const shedder = createLoadShedder({ maxLagMs: 0 });
    shedder.start();
    busy(200);
    await sleep(120);
    expect(shedder.overloaded()).toBe(false);
    shedder.stop();
  });
});

describe('the CWMP door under load', () => {
  type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
  let t: TestApp;
  let base: string;
  const cpes: TestCpe[] = [];
  const cpe = (serialNumber: string) => {
    const c = new TestCpe(base, {
      oui: 'AB12CD',
      productClass: 'LoadBox',
      serialNumber,
      manufacturer: 'Acme',
    });
    cpes.push(c);
    return c;
  };

  /** Informs until the answer is not 503 (for 2 s at most); answers the last status. */
  async function informOnceCaughtUp(c: TestCpe): Promise<number> {
    let status = 503;
    for (let i = 0; i < 40 && status === 503; i++) {
      if (i > 0) await sleep(50);
      status = (await c.inform()).status;
    }
    return status;
  }

  beforeAll(async () => {
    t = await buildTestApp({ cwmpShedLagMs: 50 });
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await Promise.all(cpes.map((c) => c.close()));
    await t.close();
  });

  it("answers new sessions (and Informs on an old session's cookie) 503 with a spread Retry-After, and lets sessions in progress and the API go on", async () => {
    const token = await login(t.app);
    const inSession = cpe('LOAD-1');
    // (Building the app kept the loop busy too.)
    expect(await informOnceCaughtUp(inSession)).toBe(200);
    const stop = hog(120);
    try {
      await sleep(300);
      const refused = await cpe('LOAD-2').inform();
      expect(refused.status).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(30);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.text).toMatch(/overloaded/);
      // An Inform opens a session whatever session its cookie names: refused too.
      const again = await inSession.inform();
      expect(again.status).toBe(503);
      // The session that was open before goes on to its end.
      expect((await inSession.post('')).status).toBe(204);
      const api = await t.app.inject({ method: 'GET', url: '/api/devices', headers: bearer(token) });
      expect(api.statusCode).toBe(200);
      expect(api.json().devices.map((d: { serialNumber: string }) => d.serialNumber)).toEqual(['LOAD-1']);
    } finally {
      stop();
    }
    // Once the loop catches up, new sessions are welcome again.
    expect(await informOnceCaughtUp(cpe('LOAD-2'))).toBe(200);
  });
});
