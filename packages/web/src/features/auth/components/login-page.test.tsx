import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { deferred, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp, resetStores } from '@/test/render-app';

const signInButton = () => screen.getByRole('button', { name: /sign(ing)? in/i });

describe('login page', () => {
  beforeEach(resetStores);
  afterEach(() => document.querySelectorAll('meta[name^="provisor:"]').forEach((meta) => meta.remove()));

  it('shows the product, the heading, both fields and the Sign In button', () => {
    renderApp(['/login']);
    expect(screen.getByText('Provisor')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(signInButton()).toHaveTextContent('Sign In');
  });

  it("shows the provider's name from the page's meta tag, and nothing for the placeholder", () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="provisor:provider-name" content="Acme Fibre">',
    );
    const { unmount } = renderApp(['/login']);
    expect(screen.getByTestId('provider-name')).toHaveTextContent('Acme Fibre');
    unmount();

    document
      .querySelector('meta[name="provisor:provider-name"]')
      ?.setAttribute('content', '__PROVISOR_PROVIDER_NAME__');
    renderApp(['/login']);
    expect(screen.queryByTestId('provider-name')).not.toBeInTheDocument();
  });

  it('submits nothing while either field is empty', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { token: 't', username: 'alice' }));
    const user = userEvent.setup();
    renderApp(['/login']);

    await user.click(signInButton());
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.click(signInButton());
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.keyboard('{Enter}');

    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads "Signing in..." while the login is pending', async () => {
    const answer = deferred<Response>();
    stubFetch(() => answer.promise);
    const user = userEvent.setup();
    renderApp(['/login']);

    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(signInButton());

    expect(signInButton()).toHaveTextContent('Signing in...');
    expect(signInButton()).toBeDisabled();
    answer.resolve(jsonResponse(401, { error: 'Invalid credentials' }));
    await waitFor(() => expect(signInButton()).toHaveTextContent('Sign In'));
  });

  it("shows the server's error field, and editing a field clears it", async () => {
    stubFetch(() => jsonResponse(401, { error: 'Invalid username or password', message: 'ignored' }));
    const user = userEvent.setup();
    renderApp(['/login']);

    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(signInButton());
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Username'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Login failed" when the server gives no error field', async () => {
    stubFetch(() => jsonResponse(400, { message: 'no error field' }));
    const user = userEvent.setup();
    renderApp(['/login']);

    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('goes to / after a successful sign-in', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { token: 'jwt-1', username: 'alice' }));
    const user = userEvent.setup();
    const { router } = renderApp(['/login']);

    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(signInButton());

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(JSON.parse(String(fetch.requests[0]?.body))).toEqual({ username: 'alice', password: 'secret' });
  });
});
