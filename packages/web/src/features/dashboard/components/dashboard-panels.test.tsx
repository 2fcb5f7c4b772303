import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry, PerformanceSample } from '@provisor/server/contract';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { useUiSettingsStore } from '@/stores/ui-settings-store';
import { requestsTo, serveDashboard, STATS } from '../test/fixtures';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const entry = (
  id: string,
  type: ActivityEntry['type'],
  message: string,
  timestamp: string,
): ActivityEntry => ({
  id,
  type,
  message,
  timestamp,
  details: null,
  deviceId: null,
});

const sample = (i: number): PerformanceSample => ({
  timestamp: new Date(Date.UTC(2026, 10, 23, 12, 0, i * 5)).toISOString(),
  cpuUsage: 10 + i,
  memoryUsage: 40,
  activeConnections: i,
  requestsPerSecond: 1,
});

const live = (type: string, payload: unknown) =>
  act(() =>
    FakeWebSocket.last.receive(JSON.stringify({ type, timestamp: new Date().toISOString(), payload })),
  );

describe('Dashboard panels', () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });
  afterEach(() => useUiSettingsStore.setState({ refreshInterval: 30 }));

  it('shows the activity feed, newest first, with relative times and a Live mark', async () => {
    serveDashboard({
      stats: () => STATS,
      activity: () => ({
        entries: [
          entry('3', 'error', 'Job reboot failed on CPE-3', minutesAgo(90)),
          entry('1', 'success', 'Job reboot completed on CPE-1', minutesAgo(0)),
          entry('2', 'device', 'CPE-2 came online', minutesAgo(5.5)),
        ],
        nextBefore: null,
      }),
    });
    renderApp(['/']);

    const feed = await screen.findByRole('region', { name: 'Real-time Activity' });
    expect(within(feed).getByText('Live')).toBeInTheDocument();
    const items = await within(feed).findAllByRole('listitem');
    expect(items.map((item) => [item.dataset.type, item.textContent])).toEqual([
      ['success', 'Job reboot completed on CPE-1Just now'],
      ['device', 'CPE-2 came online5m ago'],
      ['error', 'Job reboot failed on CPE-3' + '1h ago'],
    ]);
  });

  it('refetches the feed on job_update, device_status_update, system_alert and connection_event, not on performance_update', async () => {
    const fetch = serveDashboard({
      stats: () => STATS,
      activity: () => ({ entries: [], nextBefore: null }),
    });
    renderApp(['/']);
    await screen.findByText('No activity yet');
    act(() => FakeWebSocket.last.open());
    const count = () => requestsTo(fetch, '/api/activity').length;
    const before = count();

    live('performance_update', { cpuUsage: 1, memoryUsage: 2, activeConnections: 0, requestsPerSecond: 0 });
    expect(count()).toBe(before);
    live('job_update', { id: 'j', type: 'reboot', status: 'completed', deviceId: 'd', error: null });
    await waitFor(() => expect(count()).toBe(before + 1));
    expect(requestsTo(fetch, '/api/activity')[0]?.url).toContain('limit=50');
  });

  it('starts the charts from the history and appends each live performance_update, keeping 20 points', async () => {
    serveDashboard({
      stats: () => STATS,
      performance: () => ({ intervalSeconds: 5, samples: Array.from({ length: 18 }, (_, i) => sample(i)) }),
    });
    renderApp(['/']);

    const resources = await screen.findByTestId('system-resources');
    expect(resources.dataset.points).toBe('18');
    act(() => FakeWebSocket.last.open());
    for (let i = 0; i < 4; i += 1) {
      live('performance_update', {
        cpuUsage: 50,
        memoryUsage: 60,
        activeConnections: 3,
        requestsPerSecond: 2,
      });
    }
    await waitFor(() => expect(screen.getByTestId('system-resources').dataset.points).toBe('20'));
    expect(screen.getByTestId('network-activity').dataset.points).toBe('20');
    expect(screen.getByRole('region', { name: 'System Resources' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Network Activity' })).toBeInTheDocument();
  });

  it('says which panel could not load and keeps the rest of the page', async () => {
    serveDashboard({ stats: () => STATS }); // activity, performance and trend answer 404
    renderApp(['/']);

    const feed = await screen.findByRole('region', { name: 'Real-time Activity' });
    expect(await within(feed).findByRole('alert')).toHaveTextContent('Could not load Real-time Activity');
    expect(
      within(screen.getByRole('region', { name: 'System Resources' })).getByRole('alert'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-totalDevices')).toHaveTextContent('128');
    expect(screen.queryByTestId('dashboard-totalDevices-trend')).toBeNull();
    expect(screen.queryByText('Failed to load dashboard')).toBeNull();
  });

  it('shows each card’s trend against 24 h ago when the server has one', async () => {
    serveDashboard({
      stats: () => STATS,
      trend: () => ({ since: minutesAgo(24 * 60), stats: { ...STATS, totalDevices: 100, failedJobs: 8 } }),
    });
    renderApp(['/']);

    expect(await screen.findByTestId('dashboard-totalDevices-trend')).toHaveTextContent('+28%');
    expect(screen.getByTestId('dashboard-failedJobs-trend')).toHaveTextContent('-50%');
  });

  it('shows no trend while the server has no counts that old', async () => {
    const fetch = serveDashboard({ stats: () => STATS, trend: () => ({ since: null, stats: null }) });
    renderApp(['/']);
    await screen.findByTestId('dashboard-totalDevices');
    await waitFor(() => expect(requestsTo(fetch, '/api/stats/trend')).toHaveLength(1));
    expect(screen.queryByTestId('dashboard-totalDevices-trend')).toBeNull();
  });

  it('says "No devices registered yet" in the pie with no devices', async () => {
    serveDashboard({
      stats: () => ({ ...STATS, totalDevices: 0, onlineDevices: 0, provisioningDevices: 0, errorDevices: 0 }),
    });
    renderApp(['/']);
    const pie = await screen.findByRole('region', { name: 'Device Status Distribution' });
    expect(pie).toHaveTextContent('No devices registered yet');
  });

  it('refetches the counts every N s, N the UI Settings refresh interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    useUiSettingsStore.setState({ refreshInterval: 5 });
    const fetch = serveDashboard({ stats: () => STATS });
    renderApp(['/']);
    await screen.findByTestId('dashboard-totalDevices');
    expect(requestsTo(fetch, '/api/stats')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(requestsTo(fetch, '/api/stats')).toHaveLength(2);
  });
});
