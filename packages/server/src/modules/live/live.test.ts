// The live channel over a real socket on loopback: token required, JSON {type, timestamp, payload},
// and a socket whose session is revoked gets closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { CLOSE_SESSION_ENDED } from './plugin';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

function open(url: string, protocols: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`HTTP ${res.statusCode}`));
    });
    ws.once('error', reject);
  });
}

const nextMessage = (ws: WebSocket) =>
  new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));

describe('live channel /ws', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = `${(await listenOnLoopback(t.app)).replace('http:', 'ws:')}/ws`;
  });
  afterAll(async () => t.close());

  it('refuses an upgrade without a token with 401', async () => {
    await expect(open(url, [])).rejects.toThrow('HTTP 401');
    await expect(open(url, ['provisor'])).rejects.toThrow('HTTP 401');
    await expect(open(url, ['provisor', 'garbage'])).rejects.toThrow('HTTP 401');
  });

  it('accepts the token as a subprotocol and delivers bus events as {type, timestamp, payload}', async () => {
    const token = await login(t.app);
    const ws = await open(url, ['provisor', token]);
    expect(ws.protocol).toBe('provisor');
    const received = nextMessage(ws);
    t.app.services.bus.publish('job_update', {
      id: 'j1',
      type: 'reboot',
      status: 'completed',
      deviceId: 'd1',
      error: null,
    });
    const message = (await received) as { type: string; timestamp: string; payload: unknown };
    expect(message.type).toBe('job_update');
    expect(new Date(message.timestamp).toString()).not.toBe('Invalid Date');
    expect(message.payload).toEqual({
      id: 'j1',
      type: 'reboot',
      status: 'completed',
      deviceId: 'd1',
      error: null,
    });
    ws.close(1000);
  });

  it('never sends internal events to a console client', async () => {
    const token = await login(t.app);
    const ws = await open(url, ['provisor', token]);
    const received = nextMessage(ws);
    t.app.services.bus.signal('device_counts_changed', {});
    t.app.services.bus.signal('jobs_arrived', { devices: [] });
    t.app.services.bus.publish('system_alert', { level: 'info', message: 'after the internal ones' });
    expect(await received).toMatchObject({
      type: 'system_alert',
      payload: { level: 'info', message: 'after the internal ones' },
    });
    ws.close(1000);
  });

  it('closes the socket when its session is logged out', async () => {
    const token = await login(t.app);
    const ws = await open(url, ['provisor', token]);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    await expect(open(url, ['provisor', token])).rejects.toThrow('HTTP 401');
  });
});

describe('live channel /ws at the token expiry', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    // Sign-ins of 2 s (the JWT's expiry is in whole seconds).
    t = await buildTestApp({ tokenTtlSeconds: 2 });
    url = `${(await listenOnLoopback(t.app)).replace('http:', 'ws:')}/ws`;
  });
  afterAll(async () => t.close());

  it('closes the socket when its token expires, as every other call refuses it then', async () => {
    const token = await login(t.app);
    const ws = await open(url, ['provisor', token]);
    const opened = Date.now();
    const closed = await new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect(closed).toBe(CLOSE_SESSION_ENDED);
    // Not before the token's end: it had at least a second left when the socket opened.
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    await expect(open(url, ['provisor', token])).rejects.toThrow('HTTP 401');
  });
});
