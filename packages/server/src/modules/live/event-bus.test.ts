// The bus: live events reach the console's feed and their handlers; internal events only their handlers.
import { describe, expect, it } from 'vitest';
import { createEventBus, type BusMessage, type EventType, type LiveMessage } from './event-bus';

const job = { id: 'j1', type: 'reboot', status: 'pending', deviceId: 'd1', error: null } as const;

describe('event bus', () => {
  it('sends a live event to the console feed, with its time, and to the handlers of its type', () => {
    const bus = createEventBus();
    const feed: LiveMessage[] = [];
    const handled: unknown[] = [];
    bus.subscribe((m) => feed.push(m));
    bus.on('job_update', (payload) => handled.push(payload));
    bus.on('stats_update', () => handled.push('not this one'));
    bus.publish('job_update', job);
    expect(feed).toEqual([{ type: 'job_update', timestamp: expect.any(String), payload: job }]);
    expect(handled).toEqual([job]);
  });

  it('tells a listener with nobody behind it nothing, while the handlers still run', () => {
    const bus = createEventBus();
    let consoles = 0;
    const feed: LiveMessage[] = [];
    const handled: unknown[] = [];
    bus.subscribe(
      (m) => feed.push(m),
      () => consoles > 0,
    );
    bus.on('job_update', (payload) => handled.push(payload));
    bus.publish('job_update', job);
    expect(feed).toEqual([]);
    consoles = 1;
    bus.publish('job_update', { ...job, status: 'running' });
    bus.receive({ kind: 'live', message: { type: 'job_update', timestamp: 't', payload: job } });
    expect(feed.map((m) => (m.payload as { status: string }).status)).toEqual(['running', 'pending']);
    expect(handled).toHaveLength(2);
  });

  it('keeps internal events off the console feed', () => {
    const bus = createEventBus();
    const feed: LiveMessage[] = [];
    const arrived: string[][] = [];
    bus.subscribe((m) => feed.push(m));
    bus.on('jobs_arrived', ({ devices }) => arrived.push(devices.map((d) => d.id)));
    bus.signal('jobs_arrived', { devices: [{ id: 'd1' }, { id: 'd2' }] as never });
    bus.signal('device_counts_changed', {});
    expect(arrived).toEqual([['d1', 'd2']]);
    expect(feed).toEqual([]);
  });

  it('stops a handler when asked', () => {
    const bus = createEventBus();
    let calls = 0;
    const stop = bus.on('device_counts_changed', () => calls++);
    bus.signal('device_counts_changed', {});
    stop();
    bus.signal('device_counts_changed', {});
    expect(calls).toBe(1);
  });

  it('runs every handler when one throws, and reports the error', () => {
    const errors: [unknown, EventType][] = [];
    const bus = createEventBus({ onError: (err, type) => errors.push([err, type]) });
    const after: number[] = [];
    bus.on('device_counts_changed', () => {
      throw new Error('boom');
    });
    bus.on('device_counts_changed', () => after.push(1));
    bus.signal('device_counts_changed', {});
    expect(after).toEqual([1]);
    expect(errors).toEqual([[new Error('boom'), 'device_counts_changed']]);
  });

  it('throws the first error to the publisher, after every handler ran, when no one is told', () => {
    const bus = createEventBus();
    const after: number[] = [];
    bus.on('device_counts_changed', () => {
      throw new Error('first');
    });
    bus.on('device_counts_changed', () => after.push(1));
    expect(() => bus.signal('device_counts_changed', {})).toThrow('first');
    expect(after).toEqual([1]);
  });
});

describe('the bus across processes (modules/cluster relays it)', () => {
  it('hands what it publishes to the relay, and what it receives to console clients and remote handlers only', () => {
    const bus = createEventBus();
    const relayed: BusMessage[] = [];
    bus.relayTo((m) => relayed.push(m));
    const local: string[] = [];
    const remote: string[] = [];
    const clients: string[] = [];
    bus.on('job_update', (p) => local.push(p.id));
    bus.onRemote('job_update', (p) => remote.push(p.id));
    bus.on('settings_changed', () => local.push('settings'));
    bus.onRemote('settings_changed', () => remote.push('settings'));
    bus.subscribe((m) => clients.push(m.type));
    bus.publish('job_update', job);
    bus.signal('settings_changed', {});
    expect(relayed.map((m) => (m.kind === 'live' ? m.message.type : m.type))).toEqual([
      'job_update',
      'settings_changed',
    ]);
    expect(local).toEqual(['j1', 'settings']);
    expect(remote).toEqual([]);
    // Another process's events: its console messages reach this process's clients, and only the
    // remote handlers run (the publisher did the rest), and nothing is relayed back.
    bus.receive({
      kind: 'live',
      message: { type: 'job_update', timestamp: 't', payload: { ...job, id: 'j2' } },
    });
    bus.receive({ kind: 'signal', type: 'settings_changed', payload: {} });
    expect(remote).toEqual(['j2', 'settings']);
    expect(local).toEqual(['j1', 'settings']);
    expect(clients).toEqual(['job_update', 'job_update']);
    expect(relayed).toHaveLength(2);
  });

  it('relays a live event only when the relay takes its type, and internal events always', () => {
    const bus = createEventBus();
    const relayed: string[] = [];
    let accompanied = false;
    bus.relayTo(
      (m) => relayed.push(m.kind === 'live' ? m.message.type : m.type),
      (type) => type !== 'connection_event' || accompanied,
    );
    const local: string[] = [];
    bus.on('connection_event', (p) => local.push(p.deviceId));
    const connection = { connected: true, deviceId: 'd1', ipAddress: '192.0.2.1' };
    bus.publish('connection_event', connection);
    bus.publish('job_update', job);
    bus.signal('settings_changed', {});
    accompanied = true;
    bus.publish('connection_event', connection);
    expect(relayed).toEqual(['job_update', 'settings_changed', 'connection_event']);
    // This process's own handlers run either way.
    expect(local).toEqual(['d1', 'd1']);
  });
});
