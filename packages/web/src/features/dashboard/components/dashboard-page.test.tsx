import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { deferred, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { serveStats, STATS, statsRequests } from '../test/fixtures';

const TITLES = [
  'Total Devices',
  'Online Devices',
  'Provisioning',
  'Error Devices',
  'Pending Jobs',
  'Completed Jobs',
  'Failed Jobs',
];

/** Each card as [title, value], read from the <dt> and its <dd>. */
const cards = () =>
  screen
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent] as const);

const FAILURE_TITLE = 'Failed to load dashboard';
const FAILURE_HINT = 'Unable to connect to the TR-069 ACS server. Please check if the server is running.';

describe('Dashboard screen', () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });
  afterEach(() => document.querySelectorAll('meta[name^="provisor:"]').forEach((meta) => meta.remove()));

  it('shows the seven stat cards with the counts from /api/stats', async () => {
    const fetch = serveStats(() => STATS);
    renderApp(['/']);

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('TR-069 ACS system overview and device statistics')).toBeInTheDocument();
    expect(await screen.findByTestId('dashboard-totalDevices')).toHaveTextContent('128');
    expect(cards()).toEqual([
      ['Total Devices', '128'],
      ['Online Devices', '97'],
      ['Provisioning', '12'],
      ['Error Devices', '5'],
      ['Pending Jobs', '9'],
      ['Completed Jobs', '311'],
      ['Failed Jobs', '4'],
    ]);
    expect(cards().map(([title]) => title)).toEqual(TITLES);
    expect(statsRequests(fetch)).toHaveLength(1);
    expect(statsRequests(fetch)[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('shows a spinner until the counts arrive', async () => {
    const answer = deferred<Response>();
    stubFetch(() => answer.promise);
    renderApp(['/']);

    const status = (await screen.findByText('Loading dashboard...')).closest('[role="status"]');
    expect(status?.querySelector('svg.animate-spin')).not.toBeNull();
    expect(screen.queryByRole('term')).toBeNull();

    answer.resolve(jsonResponse(200, STATS));

    expect(await screen.findByTestId('dashboard-totalDevices')).toHaveTextContent('128');
    expect(screen.queryByText('Loading dashboard...')).toBeNull();
  });

  it('says the server cannot be reached when /api/stats fails, and retries on request', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {}); // spec §8: logged only
    let up = false;
    stubFetch(() => (up ? jsonResponse(200, STATS) : Promise.reject(new TypeError('Failed to fetch'))));
    const user = userEvent.setup();
    renderApp(['/']);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(FAILURE_TITLE)).toBeInTheDocument();
    expect(within(alert).getByText(FAILURE_HINT)).toBeInTheDocument();
    expect(screen.queryByRole('term')).toBeNull();
    expect(log).toHaveBeenCalledWith('Network error: GET /api/stats', expect.any(TypeError));

    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByTestId('dashboard-totalDevices')).toHaveTextContent('128');
    expect(screen.queryByText(FAILURE_TITLE)).toBeNull();
  });

  it('shows the failure strings for a server error too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse(500, { error: 'Internal Server Error' }));
    renderApp(['/']);

    expect(await screen.findByText(FAILURE_TITLE)).toBeInTheDocument();
    expect(screen.getByText(FAILURE_HINT)).toBeInTheDocument();
  });

  it('welcomes with the first steps when there are no devices', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="provisor:server-address" content="10.0.0.5:3029">',
    );
    serveStats(() => ({
      ...STATS,
      totalDevices: 0,
      onlineDevices: 0,
      provisioningDevices: 0,
      errorDevices: 0,
    }));
    renderApp(['/']);

    const welcome = await screen.findByRole('region', { name: 'Welcome to Provisor' });
    expect(welcome).toHaveTextContent('set their ACS URL to http://10.0.0.5:3029/');
    expect(welcome).toHaveTextContent('The server listens on port 3029');
    expect(welcome).toHaveTextContent('Create a configuration template for each device model');
    expect(within(welcome).getByRole('link', { name: 'Templates' })).toHaveAttribute('href', '/templates');
    expect(welcome).toHaveTextContent('Use the Provisioning page for bulk operations');
    expect(within(welcome).getByRole('link', { name: 'Provisioning' })).toHaveAttribute(
      'href',
      '/provisioning',
    );
    expect(screen.getByTestId('dashboard-totalDevices')).toHaveTextContent('0');
  });

  it('has no welcome panel once a device is known', async () => {
    serveStats(() => ({ ...STATS, totalDevices: 1 }));
    renderApp(['/']);

    expect(await screen.findByTestId('dashboard-totalDevices')).toHaveTextContent('1');
    expect(screen.queryByText(/Welcome to/)).toBeNull();
  });

  it('refetches the counts every 30 s', async () => {
    // Only intervals are faked: TanStack Query's refetchInterval is one, Testing Library's timeouts are not.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let stats = STATS;
    const fetch = serveStats(() => stats);
    renderApp(['/']);
    expect(await screen.findByTestId('dashboard-totalDevices')).toHaveTextContent('128');
    stats = { ...STATS, totalDevices: 130, failedJobs: 6 };

    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(statsRequests(fetch)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(statsRequests(fetch)).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('dashboard-totalDevices')).toHaveTextContent('130'));
    expect(screen.getByTestId('dashboard-failedJobs')).toHaveTextContent('6');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(statsRequests(fetch)).toHaveLength(3);
  });

  it('refreshes the counts on a live stats_update', async () => {
    let stats = STATS;
    const fetch = serveStats(() => stats);
    renderApp(['/']);
    expect(await screen.findByTestId('dashboard-onlineDevices')).toHaveTextContent('97');
    act(() => FakeWebSocket.last.open());
    stats = { ...STATS, onlineDevices: 98 };

    act(() =>
      FakeWebSocket.last.receive(
        JSON.stringify({ type: 'stats_update', timestamp: new Date().toISOString(), payload: stats }),
      ),
    );

    await waitFor(() => expect(screen.getByTestId('dashboard-onlineDevices')).toHaveTextContent('98'));
    expect(statsRequests(fetch)).toHaveLength(2);
  });
});
