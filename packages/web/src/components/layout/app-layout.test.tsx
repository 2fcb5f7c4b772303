import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceStats } from '@/api/get-stats';
import { useAuthStore } from '@/stores/auth-store';
import { useLiveStatusStore } from '@/stores/live-status-store';
import { FakeWebSocket } from '@/test/fake-websocket';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const LINKS = [
  ['Dashboard', '/'],
  ['Devices', '/devices'],
  ['Templates', '/templates'],
  ['Profiles', '/profiles'],
  ['Provisioning', '/provisioning'],
  ['Customer Routers', '/customer-routers'],
  ['Bulk Operations', '/bulk-operations'],
  ['Campaigns', '/campaigns'],
];

// The Dashboard at / loads GET /api/stats; every request gets these counts (tests that need more stub their own).
const EMPTY_STATS: DeviceStats = {
  totalDevices: 0,
  onlineDevices: 0,
  provisioningDevices: 0,
  errorDevices: 0,
  pendingJobs: 0,
  completedJobs: 0,
  failedJobs: 0,
};

describe('authenticated layout', () => {
  beforeEach(() => {
    resetStores();
    stubFetch(() => jsonResponse(200, EMPTY_STATS));
  });
  afterEach(() => document.querySelectorAll('meta[name^="provisor:"]').forEach((meta) => meta.remove()));

  it('shows the logged-in username', () => {
    signIn('alice');
    renderApp(['/']);
    expect(screen.getByTestId('current-user')).toHaveTextContent(/^alice$/);
  });

  it('falls back to "User" without a username', () => {
    signIn(null);
    renderApp(['/']);
    expect(screen.getByTestId('current-user')).toHaveTextContent(/^User$/);
  });

  it('lists the seven sidebar links in order and highlights the active one', () => {
    signIn();
    renderApp(['/customer-routers']);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');

    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(LINKS);
    const active = within(nav).getByRole('link', { name: 'Customer Routers' });
    expect(active).toHaveAttribute('aria-current', 'page');
    expect(active.className).toContain('bg-blue-50');
    for (const link of links.filter((candidate) => candidate !== active)) {
      expect(link).not.toHaveAttribute('aria-current');
      expect(link.className).not.toContain('bg-blue-50');
    }
  });

  it('highlights Dashboard only on /', () => {
    // The Devices screen loads its list; an empty one keeps this test about the navigation.
    stubFetch(() => jsonResponse(200, { devices: [], total: 0, limit: 100, offset: 0 }));
    signIn();
    renderApp(['/devices']);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the footer with the year', () => {
    signIn();
    renderApp(['/']);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} Provisor · TR-069/CWMP Auto Configuration Server · All rights reserved`,
    );
  });

  it('shows the product, the provider and the server address from the meta tags', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="provisor:provider-name" content="Acme Fibre"><meta name="provisor:server-address" content="10.0.0.5:3029">',
    );
    signIn();
    renderApp(['/']);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Provisor')).toBeInTheDocument();
    expect(within(header).getByTestId('provider-name')).toHaveTextContent('Acme Fibre');
    expect(within(header).getByTestId('server-address')).toHaveTextContent('10.0.0.5:3029');
  });

  it('falls back to the page host when the server address is still the placeholder', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="provisor:server-address" content="__PROVISOR_SERVER_ADDRESS__">',
    );
    signIn();
    renderApp(['/']);
    expect(screen.getByTestId('server-address')).toHaveTextContent(window.location.host);
  });

  it('the Settings button goes to /settings', async () => {
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp(['/']);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('Logout tells the server, clears the session, closes the live channel with 1000 and goes to /login', async () => {
    signIn('alice', 'jwt-1');
    const fetch = stubFetch(() => jsonResponse(204));
    const user = userEvent.setup();
    const { router } = renderApp(['/devices']);
    const socket = FakeWebSocket.last;

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    // The Devices screen loads its own data too; find the logout call among them.
    const logout = fetch.requests.find((request) => request.url === '/api/auth/logout');
    expect(logout).toMatchObject({ url: '/api/auth/logout', method: 'POST' });
    expect(logout?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBeNull();
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('connects the live channel when authenticated and shows its state in the header', async () => {
    signIn('alice', 'jwt-1');
    renderApp(['/']);
    expect(FakeWebSocket.last.protocols).toEqual(['provisor', 'jwt-1']);
    expect(screen.getByText('Connecting...')).toBeInTheDocument();

    act(() => FakeWebSocket.last.open());
    expect(screen.getByText('Connected')).toBeInTheDocument();

    act(() => FakeWebSocket.last.fail());
    expect(screen.getByText('Connection Error')).toBeInTheDocument();

    act(() => useLiveStatusStore.getState().setStatus('disconnected'));
    await waitFor(() => expect(screen.getByText('Disconnected')).toBeInTheDocument());
  });

  it('offers Reconnect while the channel is down, and says since when the data may be out of date', async () => {
    signIn('alice', 'jwt-1');
    renderApp(['/']);
    // Before the first connection nothing is stale, and nothing to reconnect while connecting.
    expect(screen.queryByTestId('stale-data-notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
    act(() => FakeWebSocket.last.open());
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();

    const lostAt = Date.now();
    act(() => {
      FakeWebSocket.last.fail();
      FakeWebSocket.last.serverClose(1006);
    });
    expect(screen.getByText('Connection Error')).toBeInTheDocument();
    const notice = screen.getByTestId('stale-data-notice');
    expect(notice).toHaveTextContent(
      /^Connection to the server lost at .+\. What you see may be out of date/,
    );
    const since = useLiveStatusStore.getState().lostAt!;
    expect(since).toBeGreaterThanOrEqual(lostAt);
    expect(notice).toHaveTextContent(new Date(since).toLocaleTimeString());

    const sockets = FakeWebSocket.instances.length;
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(FakeWebSocket.instances).toHaveLength(sockets + 1); // at once, not after the 2 s delay
    expect(screen.getByText('Connecting...')).toBeInTheDocument();
    expect(screen.getByTestId('stale-data-notice')).toBeInTheDocument(); // still stale until connected

    act(() => FakeWebSocket.last.open());
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.queryByTestId('stale-data-notice')).not.toBeInTheDocument();
    expect(useLiveStatusStore.getState().lostAt).toBeNull();
  });
});
