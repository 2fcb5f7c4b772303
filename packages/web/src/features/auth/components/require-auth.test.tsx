import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { handleUnauthorized } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { deferred, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';

describe('auth guard and routes', () => {
  beforeEach(resetStores);

  it('shows "Verifying authentication..." while a stored token is verified, then the screen', async () => {
    useAuthStore.setState({ token: 'stored', username: 'alice' });
    const answer = deferred<Response>();
    const fetch = stubFetch(() => answer.promise);
    renderApp(['/devices']);

    expect(screen.getByText('Verifying authentication...')).toBeInTheDocument();
    expect(fetch.requests[0]).toMatchObject({ url: '/api/auth/verify', method: 'GET' });
    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer stored');

    answer.resolve(jsonResponse(200, { valid: true, username: 'alice' }));
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeInTheDocument();
    expect(screen.queryByText('Verifying authentication...')).not.toBeInTheDocument();
  });

  it('sends the user to /login when the stored token fails verification', async () => {
    useAuthStore.setState({ token: 'expired', username: 'alice' });
    stubFetch(() => jsonResponse(401, { error: 'Unauthorized' }));
    const { router } = renderApp(['/templates']);

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });

  it("says on the sign-in page why a signed-in user was signed out (the server's reason for the 401)", async () => {
    signIn();
    stubFetch((request) =>
      new URL(request.url, 'http://console.test').pathname === '/api/auth/verify'
        ? jsonResponse(200, { valid: true, username: 'alice' })
        : jsonResponse(401, {
            error: 'Unauthorized',
            message: 'The account was disabled by an admin; ask an admin to enable it.',
          }),
    );
    const user = userEvent.setup();
    renderApp(['/devices']);

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You were signed out: The account was disabled by an admin; ask an admin to enable it.',
    );
    // As any sign-in error, it goes once the user types.
    await user.type(screen.getByLabelText('Username'), 'a');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when a stored session fails verification with a reason (reopened after it expired)', async () => {
    useAuthStore.setState({ token: 'expired', username: 'alice' });
    stubFetch(() =>
      jsonResponse(401, { error: 'Unauthorized', message: 'The session has expired; sign in again.' }),
    );
    renderApp(['/devices']);

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You were signed out: The session has expired; sign in again.',
    );
  });

  it("gives the reason of a 401 only when the refused request carried the session's own token", async () => {
    signIn('alice', 'token-now');
    // spec §8: any 401 ends the session; one sent with an earlier token does not speak of this one.
    handleUnauthorized('The session was ended (logged out or refreshed); sign in again.', 'token-before');
    expect(useAuthStore.getState()).toMatchObject({ token: null, isAuthenticated: false, error: null });
    signIn('alice', 'token-now');
    handleUnauthorized('The session has expired; sign in again.', 'token-now');
    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      error: 'You were signed out: The session has expired; sign in again.',
    });
  });

  it('redirects an unauthenticated visit to /login and returns there (with its search) after sign-in', async () => {
    stubFetch(() => jsonResponse(200, { token: 'jwt-1', username: 'alice' }));
    const user = userEvent.setup();
    const { router } = renderApp(['/profiles?edit=42']);

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/profiles', search: '?edit=42', hash: '' },
    });

    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Profiles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profiles');
    expect(router.state.location.search).toBe('?edit=42');
  });

  it('redirects unknown paths to /', async () => {
    stubFetch(() => jsonResponse(200, { totalDevices: 1 })); // the Dashboard's counts
    signIn();
    const { router } = renderApp(['/no/such/page']);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('TR-069 ACS system overview and device statistics')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an unauthenticated unknown path to /login by way of /', async () => {
    const { router } = renderApp(['/nope']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    ['/', 'Dashboard', 'TR-069 ACS system overview and device statistics'],
    ['/devices', 'Devices', 'Manage and monitor your TR-069 CPE devices'],
    ['/templates', 'Templates', 'Configuration templates for automatic device provisioning'],
    ['/profiles', 'Profiles', null],
    ['/provisioning', 'Provisioning', null],
    ['/customer-routers', 'Customer Routers', null],
    ['/bulk-operations', 'Bulk Operations', null],
    ['/campaigns', 'Campaigns', null],
    ['/settings', 'Settings', null],
  ])('%s shows the %s screen', async (path, heading, subtitle) => {
    // Screens that load data get empty answers; these tests are about routing.
    stubFetch(() => jsonResponse(200, { devices: [], total: 0, limit: 100, offset: 0 }));
    signIn();
    renderApp([path]);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    if (subtitle) expect(screen.getByText(subtitle)).toBeInTheDocument();
  });
});
