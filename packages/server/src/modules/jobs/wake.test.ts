import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRow } from '../../db/tables/devices';
import { createConnectionRequester, type ConnectionRequester } from '../cwmp/index';
import type { SettingsService } from '../settings/index';
import { createWaker } from './wake';

// A CPE's connection-request endpoint that accepts every request and counts them.
let server: Server;
let hits = 0;
let url = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/cr`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const settings = {
  get: () => ({ connectionRequest: { enabled: true, username: 'u', password: 'p', allowBasic: false } }),
} as unknown as SettingsService;
const log = { debug: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const device = () =>
  ({
    id: 'd1',
    connection_request_url: url,
    connection_request_username: '',
    connection_request_password: '',
    // The device's sessions come from where its connection-request server is.
    remote_address: '127.0.0.1',
  }) as DeviceRow;

/** A requester whose requests the test answers, oldest first, with the outcome it names. */
function heldRequester() {
  const sent: string[] = [];
  const held: ((outcome: string) => void)[] = [];
  const requester = {
    send: (target: { deviceId: string }) =>
      new Promise((resolve) => {
        sent.push(target.deviceId);
        held.push((outcome) => resolve({ outcome, message: '' }));
      }),
  } as unknown as ConnectionRequester;
  return { requester, sent, held, answer: (outcome = 'reachable') => held.shift()!(outcome) };
}

describe('waking devices', () => {
  const rig = (pending: () => boolean) =>
    createWaker({
      settings,
      connectionRequests: createConnectionRequester({
        timeoutMs: 1000,
        concurrency: 4,
        minIntervalMs: 150,
        allowBasic: () => false,
        allowedNetworks: () => [],
      }),
      inSession: () => false,
      hasPendingJobs: async () => pending(),
      retryAfterMs: 150,
      log,
    });

  it('retries a rate-limited wake once the interval has passed, and only once', async () => {
    hits = 0;
    const waker = rig(() => true);
    waker.wake(device());
    await new Promise((r) => setTimeout(r, 20));
    waker.wake(device()); // within the interval: refused, retried later
    waker.wake(device()); // and not scheduled twice
    await new Promise((r) => setTimeout(r, 400));
    expect(hits).toBe(2);
    waker.stop();
  });

  it('drops the retry when no job is pending any more', async () => {
    hits = 0;
    let pending = true;
    const waker = rig(() => pending);
    waker.wake(device());
    await new Promise((r) => setTimeout(r, 20));
    waker.wake(device());
    pending = false; // the job ran in the meantime (e.g. at a periodic Inform)
    await new Promise((r) => setTimeout(r, 400));
    expect(hits).toBe(1);
    waker.stop();
  });

  it('does not wake a device that is in a session', async () => {
    hits = 0;
    const requester = createConnectionRequester({
      timeoutMs: 1000,
      concurrency: 4,
      minIntervalMs: 0,
      allowBasic: () => false,
      allowedNetworks: () => [],
    });
    const waker = createWaker({
      settings,
      connectionRequests: requester,
      inSession: () => true,
      hasPendingJobs: async () => true,
      retryAfterMs: 0,
      log,
    });
    waker.wake(device());
    await new Promise((r) => setTimeout(r, 100));
    expect(hits).toBe(0);
  });
});

describe('waking many devices at once', () => {
  it('hands at most maxInFlight requests to the requester at a time, the rest waiting as data, and wakes a device asked twice once', async () => {
    const { requester, sent, held: open, answer } = heldRequester();
    const waker = createWaker({
      settings,
      connectionRequests: requester,
      inSession: () => false,
      hasPendingJobs: async () => true,
      retryAfterMs: 0,
      maxInFlight: 4,
      log,
    });
    for (let i = 0; i < 100; i++) waker.wake({ ...device(), id: `d${i}` });
    waker.wake({ ...device(), id: 'd50' }); // still waiting: woken once
    expect(sent).toEqual(['d0', 'd1', 'd2', 'd3']);
    expect(waker.waiting()).toBe(96);
    while (open.length > 0) {
      answer();
      await new Promise((r) => setImmediate(r));
      expect(open.length).toBeLessThanOrEqual(4);
    }
    expect(sent).toEqual(Array.from({ length: 100 }, (_, i) => `d${i}`));
    expect(waker.waiting()).toBe(0);
    waker.stop();
  });

  it('does not send a waiting request to a device that opened a session meanwhile', async () => {
    const { requester, sent, answer } = heldRequester();
    const inSession = new Set<string>();
    const waker = createWaker({
      settings,
      connectionRequests: requester,
      inSession: (id) => inSession.has(id),
      hasPendingJobs: async () => true,
      retryAfterMs: 0,
      maxInFlight: 1,
      log,
    });
    waker.wake({ ...device(), id: 'a' });
    waker.wake({ ...device(), id: 'b' });
    inSession.add('b'); // its Inform came first: its session runs the jobs
    answer();
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(['a']);
    expect(waker.waiting()).toBe(0);
    waker.stop();
  });
});

describe("waking no more devices than the door's room", () => {
  function pacedRig(o: { room: number; open: Set<string>; arrivalWindowMs?: number }) {
    const { requester, sent, answer } = heldRequester();
    const waker = createWaker({
      settings,
      connectionRequests: requester,
      inSession: (id) => o.open.has(id),
      hasPendingJobs: async () => true,
      retryAfterMs: 0,
      maxInFlight: 50,
      sessionRoom: () => o.room - o.open.size,
      ...(o.arrivalWindowMs !== undefined ? { arrivalWindowMs: o.arrivalWindowMs } : {}),
      log,
    });
    const reply = async (outcome: string) => {
      answer(outcome);
      await new Promise((r) => setImmediate(r));
    };
    return { waker, sent, reply };
  }

  it('holds the rest until a woken device begins its session and that session ends', async () => {
    const open = new Set<string>();
    const { waker, sent, reply } = pacedRig({ room: 3, open });
    for (let i = 0; i < 6; i++) waker.wake({ ...device(), id: `d${i}` });
    // Three requests in flight fill the room.
    expect(sent).toEqual(['d0', 'd1', 'd2']);
    for (let i = 0; i < 3; i++) await reply('reachable');
    // Accepted: the three are on their way; nothing more goes out.
    expect(sent).toEqual(['d0', 'd1', 'd2']);
    expect(waker.onTheirWay()).toBe(3);
    // d0's job started in another process: room for one.
    waker.arrived('d0');
    expect(sent).toEqual(['d0', 'd1', 'd2', 'd3']);
    await reply('reachable');
    // d1's session opens here: it holds its room as a session now, not twice.
    open.add('d1');
    waker.sessionEnded();
    expect(sent).toHaveLength(4);
    // ...and ends: room for the next.
    open.delete('d1');
    waker.sessionEnded();
    expect(sent).toEqual(['d0', 'd1', 'd2', 'd3', 'd4']);
    expect(waker.waiting()).toBe(1);
    waker.stop();
  });

  it('does not count a device whose session began before its answer to the request came back', async () => {
    const { waker, sent, reply } = pacedRig({ room: 1, open: new Set() });
    waker.wake({ ...device(), id: 'a' });
    waker.wake({ ...device(), id: 'b' });
    // The router answers the request and opens its session at once: its job starts (and may even
    // end) before the answer is read here.
    waker.arrived('a');
    await reply('reachable');
    expect(waker.onTheirWay()).toBe(0);
    expect(sent).toEqual(['a', 'b']);
    waker.stop();
  });

  it('does not count a device that did not take its request', async () => {
    const { waker, sent, reply } = pacedRig({ room: 1, open: new Set() });
    waker.wake({ ...device(), id: 'a' });
    waker.wake({ ...device(), id: 'b' });
    expect(sent).toEqual(['a']);
    await reply('unreachable');
    expect(sent).toEqual(['a', 'b']);
    expect(waker.onTheirWay()).toBe(0);
    waker.stop();
  });

  it('asks whether a job still waits for a device that waited long for its turn, and wakes nothing once stopped', async () => {
    let clock = 0;
    const pending = new Set(['a', 'c']);
    const { requester, sent, answer } = heldRequester();
    const open = new Set<string>();
    const waker = createWaker({
      settings,
      connectionRequests: requester,
      inSession: () => false,
      hasPendingJobs: async (id) => pending.has(id),
      retryAfterMs: 0,
      maxInFlight: 1,
      sessionRoom: () => 10 - open.size,
      now: () => clock,
      log,
    });
    for (const id of ['a', 'b', 'c', 'd']) waker.wake({ ...device(), id });
    expect(sent).toEqual(['a']);
    // b, c and d wait 30 s for their turn: b's job ran meanwhile (no job waits), c's did not.
    clock = 30_000;
    answer('unreachable');
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual(['a', 'c']);
    // Stopped (the server closes): d is never woken, whatever frees room.
    waker.stop();
    answer('unreachable');
    waker.sessionEnded();
    waker.wake({ ...device(), id: 'e' });
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual(['a', 'c']);
  });

  it('stops counting a woken device whose session never began once its window has passed', async () => {
    const { waker, sent, reply } = pacedRig({ room: 1, open: new Set(), arrivalWindowMs: 60 });
    waker.wake({ ...device(), id: 'a' });
    waker.wake({ ...device(), id: 'b' });
    await reply('reachable');
    expect(sent).toEqual(['a']);
    await new Promise((r) => setTimeout(r, 150));
    expect(sent).toEqual(['a', 'b']);
    waker.stop();
  });
});
