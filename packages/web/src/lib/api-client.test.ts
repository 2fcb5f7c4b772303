import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { resetStores, signIn } from '@/test/render-app';
import { api, setUnauthorizedRedirect } from './api-client';

describe('api client (session wiring)', () => {
  const redirect = vi.fn();

  beforeEach(() => {
    resetStores();
    redirect.mockReset();
    setUnauthorizedRedirect(redirect);
    window.history.replaceState(null, '', '/devices');
  });

  afterEach(() => {
    setUnauthorizedRedirect(null);
    window.history.replaceState(null, '', '/');
  });

  it('sends the bearer token of the stored session', async () => {
    signIn('alice', 'jwt-1');
    const fetch = stubFetch(() => jsonResponse(200, { devices: [] }));
    await api.get('/api/devices');
    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('on a 401 for a non-auth path clears the stored session and redirects to /login', async () => {
    signIn('alice', 'jwt-1');
    expect(localStorage.getItem('auth-storage')).not.toBeNull();
    stubFetch(() => jsonResponse(401, { error: 'Unauthorized' }));

    await expect(api.get('/api/devices')).rejects.toMatchObject({ status: 401 });

    expect(useAuthStore.getState()).toMatchObject({ token: null, username: null, isAuthenticated: false });
    expect(localStorage.getItem('auth-storage')).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/login');
  });

  it('does not redirect when already on /login', async () => {
    signIn('alice', 'jwt-1');
    window.history.replaceState(null, '', '/login');
    stubFetch(() => jsonResponse(401, { error: 'Unauthorized' }));

    await api.get('/api/stats').catch(() => undefined);

    expect(useAuthStore.getState().token).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('leaves the session alone when /api/auth/login answers 401', async () => {
    signIn('alice', 'jwt-1');
    stubFetch(() => jsonResponse(401, { error: 'Invalid credentials' }));

    await api.post('/api/auth/login', { username: 'alice', password: 'x' }).catch(() => undefined);

    expect(useAuthStore.getState().token).toBe('jwt-1');
    expect(localStorage.getItem('auth-storage')).not.toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('does not clear the session on a 403 or 500', async () => {
    signIn('alice', 'jwt-1');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(({ url }) => jsonResponse(url.endsWith('/a') ? 403 : 500, { error: 'x' }));
    await api.get('/api/a').catch(() => undefined);
    await api.get('/api/b').catch(() => undefined);
    expect(useAuthStore.getState().token).toBe('jwt-1');
    expect(redirect).not.toHaveBeenCalled();
  });
});
