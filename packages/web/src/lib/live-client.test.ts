import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { defaultLiveUrl, LiveClient, reconnectDelay, type LiveStatus } from './live-client';

function setup(token: string | null = 'jwt-1') {
  const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
  const statuses: LiveStatus[] = [];
  const client = new LiveClient({
    url: 'ws://acs.test/ws',
    getToken: () => token,
    WebSocket: FakeWebSocket,
    logger,
  });
  client.onStatusChange((status) => statuses.push(status));
  return { client, logger, statuses };
}

describe('live client', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('opens /ws with the subprotocols ["provisor", token]', () => {
    const { client, statuses } = setup('jwt-1');
    client.connect();

    expect(FakeWebSocket.last.url).toBe('ws://acs.test/ws');
    expect(FakeWebSocket.last.protocols).toEqual(['provisor', 'jwt-1']);
    expect(client.status).toBe('connecting');
    FakeWebSocket.last.open();
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('builds ws: or wss: from the page location', () => {
    expect(defaultLiveUrl({ protocol: 'http:', host: '127.0.0.1:3029' })).toBe('ws://127.0.0.1:3029/ws');
    expect(defaultLiveUrl({ protocol: 'https:', host: 'acs.example' })).toBe('wss://acs.example/ws');
  });

  it('computes delays of 2, 4, 8, 16 and 30 s', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt))).toEqual([
      2000, 4000, 8000, 16000, 30000,
    ]);
  });

  it('retries after an abnormal close on the 2, 4, 8, 16, 30 s schedule and stops after 5 attempts', () => {
    const { client } = setup();
    client.connect();
    expect(FakeWebSocket.instances).toHaveLength(1);

    for (const [index, delay] of [2000, 4000, 8000, 16000, 30000].entries()) {
      FakeWebSocket.last.serverClose(1006);
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.instances).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(index + 2);
      expect(client.status).toBe('connecting');
    }

    FakeWebSocket.last.serverClose(1006);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(6); // 1 + 5 retries, then it gives up
    expect(client.status).toBe('disconnected');
  });

  function exhaust(client: LiveClient): void {
    client.connect();
    for (const delay of [2000, 4000, 8000, 16000, 30000]) {
      FakeWebSocket.last.serverClose(1006);
      vi.advanceTimersByTime(delay);
    }
    FakeWebSocket.last.serverClose(1006);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
  }

  it('after giving up, starts a new round on a sign the server is back (resume), on the same schedule', () => {
    const { client } = setup();
    exhaust(client);

    client.resume();
    expect(FakeWebSocket.instances).toHaveLength(7);
    expect(client.status).toBe('connecting');
    expect(client.reconnectAttempts).toBe(0);
    FakeWebSocket.last.serverClose(1006);
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(7);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(8); // the round starts again at 2 s
  });

  it('resume keeps a scheduled retry and an open channel as they are', () => {
    const { client } = setup();
    client.connect();
    client.resume();
    expect(FakeWebSocket.instances).toHaveLength(1); // opening: nothing new
    FakeWebSocket.last.serverClose(1006); // retry 1 due in 2 s
    client.resume();
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last.open();
    client.resume();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('Reconnect opens at once, bringing a pending retry forward, and never after a logout', () => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.last.serverClose(1006);
    vi.advanceTimersByTime(2000);
    FakeWebSocket.last.serverClose(1006); // retry 2 due in 4 s
    expect(client.reconnectAttempts).toBe(2);

    client.reconnectNow();
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(client.reconnectAttempts).toBe(0);
    vi.advanceTimersByTime(4000);
    expect(FakeWebSocket.instances).toHaveLength(3); // the old retry was cancelled

    client.reconnectNow(); // opening already
    expect(FakeWebSocket.instances).toHaveLength(3);
    client.disconnect();
    client.reconnectNow();
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('gives up a connection that hangs after 10 s: Connection Error, then the usual retries', () => {
    const { client, logger } = setup();
    client.connect();
    const hanging = FakeWebSocket.last;
    vi.advanceTimersByTime(9999);
    expect(client.status).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(client.status).toBe('error');
    expect(hanging.closedWith).not.toBeNull();
    expect(logger.error).toHaveBeenCalledWith('Connection failed: not open after 10000 ms');
    hanging.serverClose(1006); // the late close of the abandoned socket changes nothing
    expect(client.status).toBe('error');
    vi.advanceTimersByTime(2000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last.open();
    vi.advanceTimersByTime(60_000);
    expect(client.status).toBe('connected'); // an open channel is never timed out
  });

  it('resets the attempt counter on a successful open', () => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.last.serverClose(1006);
    vi.advanceTimersByTime(2000);
    FakeWebSocket.last.serverClose(1006);
    vi.advanceTimersByTime(4000);
    expect(client.reconnectAttempts).toBe(2);

    FakeWebSocket.last.open();
    expect(client.reconnectAttempts).toBe(0);

    FakeWebSocket.last.serverClose(1011);
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(4); // back to the 2 s first delay
  });

  it('does not reconnect after a close with code 1000', () => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.last.open();
    FakeWebSocket.last.serverClose(1000);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.status).toBe('disconnected');
  });

  it('a manual disconnect closes with 1000 and never reconnects, even with a retry pending', () => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.last.open();
    const first = FakeWebSocket.last;
    client.disconnect();
    expect(first.closedWith?.code).toBe(1000);

    client.connect();
    FakeWebSocket.last.serverClose(1006); // a retry is now scheduled
    client.disconnect();
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(client.status).toBe('disconnected');
  });

  it('shows Connection Error and logs "Connection failed" on a socket error, and retries', () => {
    const { client, logger, statuses } = setup();
    client.connect();
    FakeWebSocket.last.fail();
    FakeWebSocket.last.serverClose(1006);

    expect(logger.error).toHaveBeenCalledWith('Connection failed', expect.anything());
    expect(client.status).toBe('error');
    expect(statuses).toEqual(['connecting', 'error']);
    vi.advanceTimersByTime(2000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('logs "Failed to initialize connection" when the constructor throws', () => {
    const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
    const Throwing = vi.fn(function () {
      throw new SyntaxError('bad url');
    }) as unknown as typeof FakeWebSocket;
    const client = new LiveClient({ url: 'nope', getToken: () => 't', WebSocket: Throwing, logger });

    client.connect();

    expect(logger.error).toHaveBeenCalledWith('Failed to initialize connection', expect.any(SyntaxError));
    expect(client.status).toBe('error');
  });

  it('does not open without a session token', () => {
    const { client } = setup(null);
    client.connect();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(client.status).toBe('disconnected');
  });

  it('passes well-formed messages to subscribers and ignores malformed ones with a warning', () => {
    const { client, logger } = setup();
    const listener = vi.fn();
    client.subscribe(listener);
    client.connect();
    FakeWebSocket.last.open();

    for (const frame of ['not json', '[1,2]', '{"payload":{}}', '42', 'null'])
      FakeWebSocket.last.receive(frame);
    expect(listener).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(5);

    const message = { type: 'stats_update', timestamp: '2026-01-01T00:00:00.000Z', payload: {} };
    FakeWebSocket.last.receive(JSON.stringify(message));
    expect(listener).toHaveBeenCalledWith(message);
  });

  it('stops delivering to an unsubscribed listener', () => {
    const { client } = setup();
    const listener = vi.fn();
    const unsubscribe = client.subscribe(listener);
    client.connect();
    unsubscribe();
    FakeWebSocket.last.receive('{"type":"stats_update","timestamp":"t","payload":null}');
    expect(listener).not.toHaveBeenCalled();
  });
});
