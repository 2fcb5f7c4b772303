// Issue 22: the console after GET /api/auth/me: the role beside the name, what each role is offered,
// why a button is disabled, a 403's toast, and sign-out when the server ends the session.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, Role } from '@provisor/server/contract';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { makeDevice } from '@/test/devices';
import { FakeWebSocket } from '@/test/fake-websocket';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const me = (role: Role): Me => ({ username: 'alice', role, kind: 'user', tokenName: null });
const DEVICE = makeDevice(7);
const pathOf = (url: string) => new URL(url, 'http://console.test').pathname;

type Extra = (request: RecordedRequest) => Response | undefined;

function serve(role: Role | null, extra?: Extra) {
  return stubFetch(async (request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    const path = pathOf(request.url);
    if (path === '/api/auth/me')
      return role ? jsonResponse(200, me(role)) : jsonResponse(404, { error: 'Not Found' });
    if (path === '/api/devices/dev-7') return jsonResponse(200, { device: DEVICE });
    if (path.startsWith('/api/devices/dev-7/'))
      return jsonResponse(200, { parameters: [], jobs: [], files: [] });
    if (path === '/api/stats') return jsonResponse(200, { totalDevices: 0 });
    return jsonResponse(404, { error: 'Not Found' });
  });
}

const VIEWER_REASON = 'Your role (viewer) can only view. Ask an admin for the operator role.';

describe('roles in the console', () => {
  beforeEach(() => {
    resetStores();
    signIn('alice');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the role next to the username, and Settings and the Audit Log to an admin', async () => {
    serve('admin');
    renderApp(['/']);
    expect(await screen.findByTestId('current-role')).toHaveTextContent(/^Admin$/);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').at(-1)).toHaveTextContent('Audit Log');
    expect(within(nav).getByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', '/audit');
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });

  it('offers the Audit Log in the phone menu too, which says who is signed in and as what', async () => {
    serve('admin');
    const user = userEvent.setup();
    renderApp(['/']);
    await screen.findByTestId('current-role');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = screen.getByTestId('menu-user').parentElement!;
    expect(within(panel).getByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', '/audit');
    expect(screen.getByTestId('menu-user')).toHaveTextContent('Signed in as alice (Admin)');
  });

  it('hides Settings and the Audit Log from an operator, and the Settings route says why', async () => {
    serve('operator');
    renderApp(['/settings']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can change settings');
    expect(screen.getByTestId('current-role')).toHaveTextContent('Operator');
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Audit Log' }),
    ).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('disables every device action for a viewer and says why', async () => {
    const fetch = serve('viewer');
    const user = userEvent.setup();
    renderApp(['/devices/dev-7']);
    const group = await screen.findByRole('group', { name: 'Device actions' });
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Reboot' })).toBeDisabled());
    for (const button of within(group).getAllByRole('button')) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', VIEWER_REASON);
    }
    await user.click(within(group).getByRole('button', { name: 'Reboot' }));
    expect(fetch.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('leaves the actions enabled for an operator', async () => {
    serve('operator');
    renderApp(['/devices/dev-7']);
    const group = await screen.findByRole('group', { name: 'Device actions' });
    await screen.findByTestId('current-role');
    expect(within(group).getByRole('button', { name: 'Reboot' })).toBeEnabled();
  });

  it("shows the server's words in a toast when it answers 403 to a change", async () => {
    const error = vi.spyOn(sonner, 'error');
    serve(null, (request) =>
      request.method === 'POST'
        ? jsonResponse(403, { error: 'Forbidden', message: 'Your role (viewer) may not reboot devices.' })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(['/devices/dev-7']);
    const group = await screen.findByRole('group', { name: 'Device actions' });
    await user.click(within(group).getByRole('button', { name: 'Reboot' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Not allowed for your role', {
        id: 'forbidden',
        description: 'Your role (viewer) may not reboot devices.',
      }),
    );
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('signs out when the server closes the live channel for an ended session and /api/auth/me answers 401', async () => {
    let ended = false;
    serve('operator', (request) =>
      ended && pathOf(request.url) === '/api/auth/me'
        ? jsonResponse(401, { error: 'Unauthorized' })
        : undefined,
    );
    const { router } = renderApp(['/']);
    await screen.findByTestId('current-role');
    act(() => FakeWebSocket.last.open());
    ended = true;
    act(() => FakeWebSocket.last.serverClose(4001));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
  });
});
