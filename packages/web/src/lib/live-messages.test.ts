import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  applyCampaignUpdate,
  applyLiveMessage,
  coalescedInvalidation,
  invalidateIn,
  parseLiveMessage,
  refreshActivity,
  trailingInvalidation,
  type LiveMessage,
} from './live-messages';

function invalidatedKeys(message: LiveMessage, logger = { warn: vi.fn() }) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  applyLiveMessage(invalidateIn(queryClient), message, logger);
  return invalidate.mock.calls.map(([filters]) => filters?.queryKey);
}

const at = '2026-01-01T00:00:00.000Z';

describe('live messages', () => {
  it('device_status_update refreshes devices and stats', () => {
    const message = {
      type: 'device_status_update',
      timestamp: at,
      payload: { serialNumber: 'SN1', status: 'online', deviceId: 'd1' },
    } as const;
    expect(invalidatedKeys(message)).toEqual([['devices'], ['stats'], ['groups']]);
  });

  it('job_update refreshes jobs and stats', () => {
    const message = {
      type: 'job_update',
      timestamp: at,
      payload: { id: 'j1', type: 'reboot', status: 'completed' },
    };
    expect(invalidatedKeys(message)).toEqual([['jobs'], ['stats']]);
  });

  it('bulk_operation_update refreshes the bulk operations (their progress bars)', () => {
    const message = { type: 'bulk_operation_update', timestamp: at, payload: { id: 'op1', total: 2 } };
    expect(invalidatedKeys(message as LiveMessage)).toEqual([['jobs', 'operations']]);
  });

  it('stats_update refreshes stats', () => {
    expect(invalidatedKeys({ type: 'stats_update', timestamp: at, payload: null })).toEqual([['stats']]);
  });

  it('system_alert is only logged as a warning', () => {
    const logger = { warn: vi.fn() };
    const payload = { level: 'warning', message: 'Disk almost full' };
    expect(invalidatedKeys({ type: 'system_alert', timestamp: at, payload }, logger)).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith('System alert', payload);
  });

  it('performance_update and connection_event refresh nothing', () => {
    const perf = { cpuUsage: 1, memoryUsage: 2, activeConnections: 3, requestsPerSecond: 4 };
    expect(invalidatedKeys({ type: 'performance_update', timestamp: at, payload: perf })).toEqual([]);
    expect(
      invalidatedKeys({ type: 'connection_event', timestamp: at, payload: { connected: true } }),
    ).toEqual([]);
  });

  it('invalidating ["devices"] reaches every devices query (list, detail)', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['devices', 'list', { limit: 100 }], []);
    queryClient.setQueryData(['devices', 'detail', 'd1'], {});
    queryClient.setQueryData(['templates', 'list', {}], []);
    applyLiveMessage(invalidateIn(queryClient), {
      type: 'device_status_update',
      timestamp: at,
      payload: {} as never,
    });
    await Promise.resolve();
    expect(queryClient.getQueryState(['devices', 'list', { limit: 100 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['devices', 'detail', 'd1'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['templates', 'list', {}])?.isInvalidated).toBe(false);
  });

  it('coalesces: at most one invalidation of a key per window, and one more for messages within it', () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      const spy = vi.spyOn(queryClient, 'invalidateQueries');
      const invalidate = coalescedInvalidation(queryClient, 1000);
      const count = (key: string) => spy.mock.calls.filter(([f]) => f?.queryKey?.[0] === key).length;
      const offline = { type: 'device_status_update', timestamp: at, payload: {} as never } as const;
      for (let i = 0; i < 500; i++) applyLiveMessage(invalidate, offline);
      expect([count('devices'), count('stats')]).toEqual([1, 1]); // the first at once
      vi.advanceTimersByTime(1000);
      expect([count('devices'), count('stats')]).toEqual([2, 2]); // one for the other 499
      vi.advanceTimersByTime(5000);
      expect([count('devices'), count('stats')]).toEqual([2, 2]); // quiet: nothing more
      applyLiveMessage(invalidate, offline);
      expect(count('devices')).toBe(3); // a new window starts at once
      applyLiveMessage(invalidate, { type: 'job_update', timestamp: at, payload: {} as never });
      expect([count('jobs'), count('stats')]).toEqual([1, 3]); // stats shared the open window
      vi.advanceTimersByTime(1000);
      expect(count('stats')).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refetches the activity feed again once the messages that the server logs have settled', () => {
    // The server writes its activity log in batches, up to a second after the event: a burst's
    // refetches may all come before its entries are stored, and nothing would fetch them after.
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      const spy = vi.spyOn(queryClient, 'invalidateQueries');
      const invalidate = coalescedInvalidation(queryClient, 1000);
      const settled = trailingInvalidation(queryClient, 2000);
      const count = () => spy.mock.calls.filter(([f]) => f?.queryKey?.[0] === 'activity').length;
      const online = { type: 'device_status_update', timestamp: at, payload: {} as never } as const;
      for (let i = 0; i < 30; i++) {
        refreshActivity(invalidate, online, settled);
        vi.advanceTimersByTime(20);
      }
      expect(count()).toBe(1); // the first at once
      vi.advanceTimersByTime(1000);
      expect(count()).toBe(2); // the window's end, for the other 29
      vi.advanceTimersByTime(1000);
      expect(count()).toBe(3); // 2 s after the last message: whatever the server stored meanwhile
      vi.advanceTimersByTime(10_000);
      expect(count()).toBe(3); // then nothing more
      refreshActivity(
        invalidate,
        { type: 'performance_update', timestamp: at, payload: {} as never },
        settled,
      );
      vi.advanceTimersByTime(10_000);
      expect(count()).toBe(3); // a message the server does not log refetches nothing
    } finally {
      vi.useRealTimers();
    }
  });

  it('parses only JSON objects with a string type', () => {
    expect(parseLiveMessage('{"type":"job_update","timestamp":"t","payload":{"id":"1"}}')).toEqual({
      type: 'job_update',
      timestamp: 't',
      payload: { id: '1' },
    });
    expect(parseLiveMessage('{"type":1}')).toBeNull();
    expect(parseLiveMessage('{oops')).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
  });
});

// Only what applyCampaignUpdate reads; the rest of a Campaign does not matter here.
const campaign = (over: Record<string, unknown> = {}) => ({
  id: 'cmp-1',
  state: 'running',
  reason: null,
  ...over,
});

describe('campaign_update (issue 21)', () => {
  it('replaces the cached campaign and its list entry, and refetches its routers and progress', () => {
    const queryClient = new QueryClient();
    const before = campaign();
    const other = campaign({ id: 'cmp-2' });
    queryClient.setQueryData(['campaigns', 'list'], { campaigns: [other, before] });
    const invalidate = vi.fn();
    const after = campaign({ state: 'halted', reason: 'Canary: 1 of 3 failed (33%), above 5%.' });
    applyCampaignUpdate(queryClient, invalidate, {
      type: 'campaign_update',
      timestamp: at,
      payload: after,
    } as never);
    expect(queryClient.getQueryData(['campaigns', 'detail', 'cmp-1'])).toEqual({ campaign: after });
    expect(queryClient.getQueryData(['campaigns', 'list'])).toEqual({ campaigns: [other, after] });
    expect(invalidate.mock.calls.map(([key]) => key)).toEqual([
      ['campaigns', 'detail', 'cmp-1', 'devices'],
      ['campaigns', 'detail', 'cmp-1', 'progress'],
    ]);
  });

  it('refetches the list for a campaign it does not hold, and ignores other messages', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.fn();
    applyCampaignUpdate(queryClient, invalidate, {
      type: 'campaign_update',
      timestamp: at,
      payload: campaign(),
    } as never);
    expect(invalidate).toHaveBeenCalledWith(['campaigns', 'list']);
    invalidate.mockClear();
    applyCampaignUpdate(queryClient, invalidate, {
      type: 'stats_update',
      timestamp: at,
      payload: {},
    } as never);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
