import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceStats } from '@/api/get-stats';
import { createRoutes, lazyScreen, screenRoutes } from '@/app/routes';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const EMPTY_STATS: DeviceStats = {
  totalDevices: 0,
  onlineDevices: 0,
  provisioningDevices: 0,
  errorDevices: 0,
  pendingJobs: 0,
  completedJobs: 0,
  failedJobs: 0,
};

/** The real route table with /devices rendering `element` instead of the Devices screen. */
function routesWithDevicesScreen(element: ReactNode) {
  return createRoutes(
    screenRoutes.map((route) => (route.path === 'devices' ? { path: 'devices', element } : route)),
  );
}

/** jsdom's location.reload cannot be spied on, but window.location itself can be replaced. */
function stubReload() {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  return reload;
}

describe('a screen that fails inside the shell', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    // The Dashboard (and any request) gets empty stats.
    stubFetch(() => jsonResponse(200, EMPTY_STATS));
    // React and react-router report caught render errors on console.error as well.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('says the page could not be loaded when its chunk cannot be fetched, and Reload reloads', async () => {
    const reload = stubReload();
    const UnloadableDevicesPage = lazyScreen(
      () =>
        Promise.reject(
          new TypeError('Failed to fetch dynamically imported module: http://x/assets/devices-abc.js'),
        ),
      'DevicesPage',
    );
    const user = userEvent.setup();
    renderApp(['/devices'], routesWithDevicesScreen(<UnloadableDevicesPage />));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'The console may have been updated since this tab was opened, or the connection to the server was lost. Reload the page to continue.',
    );
    expect(alert).not.toHaveTextContent('devices-abc.js');

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the header and sidebar, and navigating to another screen clears the error', async () => {
    const UnloadableDevicesPage = lazyScreen(
      () =>
        Promise.reject(
          new TypeError('Failed to fetch dynamically imported module: http://x/assets/devices-abc.js'),
        ),
      'DevicesPage',
    );
    const user = userEvent.setup();
    const { router } = renderApp(['/devices'], routesWithDevicesScreen(<UnloadableDevicesPage />));
    await screen.findByRole('heading', { name: 'This page could not be loaded' });

    expect(screen.getByRole('banner')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));

    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('This page could not be loaded')).not.toBeInTheDocument();
  });

  it('shows the message of any other error, not its stack, logs it, and offers Reload', async () => {
    const reload = stubReload();
    const error = new Error('boom');
    function ThrowingScreen(): ReactNode {
      throw error;
    }
    const user = userEvent.setup();
    renderApp(['/devices'], routesWithDevicesScreen(<ThrowingScreen />));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Something went wrong on this page' }),
    ).toBeInTheDocument();
    expect(within(alert).getByText('boom')).toBeInTheDocument();
    expect(alert).not.toHaveTextContent('Error: boom'); // the first line of the stack
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Screen failed to render', error);

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not report a chunk that cannot be loaded as a failing screen', async () => {
    const UnloadableDevicesPage = lazyScreen(
      () => Promise.reject(new TypeError('Importing a module script failed.')),
      'DevicesPage',
    );
    renderApp(['/devices'], routesWithDevicesScreen(<UnloadableDevicesPage />));

    await screen.findByRole('heading', { name: 'This page could not be loaded' });
    expect(console.error).not.toHaveBeenCalledWith('Screen failed to render', expect.anything());
  });
});
