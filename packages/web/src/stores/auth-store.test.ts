import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { resetStores } from '@/test/render-app';
import { useAuthStore } from './auth-store';

const stored = () => JSON.parse(localStorage.getItem('auth-storage') ?? 'null') as { state: unknown } | null;

describe('auth store', () => {
  beforeEach(resetStores);

  it('persists only token and username under "auth-storage" after a login', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { token: 'jwt-1', username: 'alice' }));

    await expect(useAuthStore.getState().login('alice', 'secret')).resolves.toBe(true);

    expect(fetch.requests[0]).toMatchObject({ url: '/api/auth/login', method: 'POST' });
    expect(JSON.parse(String(fetch.requests[0]?.body))).toEqual({ username: 'alice', password: 'secret' });
    expect(useAuthStore.getState()).toMatchObject({
      token: 'jwt-1',
      username: 'alice',
      isAuthenticated: true,
    });
    expect(stored()?.state).toEqual({ token: 'jwt-1', username: 'alice' });
  });

  it("shows the server's error field on a failed login and keeps the session empty", async () => {
    stubFetch(() => jsonResponse(401, { error: 'Invalid username or password', message: 'x' }));

    await expect(useAuthStore.getState().login('alice', 'wrong')).resolves.toBe(false);

    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      isAuthenticated: false,
      isLoading: false,
      error: 'Invalid username or password',
    });
    expect(localStorage.getItem('auth-storage') ?? '').not.toContain('token":"');
  });

  it('falls back to "Login failed" when the answer carries no error field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await useAuthStore.getState().login('alice', 'secret');
    expect(useAuthStore.getState().error).toBe('Login failed');
  });

  it('logout tells the server with the bearer token and removes the stored session', async () => {
    useAuthStore.setState({ token: 'jwt-1', username: 'alice', isAuthenticated: true });
    expect(stored()?.state).toEqual({ token: 'jwt-1', username: 'alice' });
    const fetch = stubFetch(() => jsonResponse(204));

    useAuthStore.getState().logout();

    expect(fetch.requests[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST' });
    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(useAuthStore.getState()).toMatchObject({ token: null, username: null, isAuthenticated: false });
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });

  it('refresh replaces the token', async () => {
    useAuthStore.setState({ token: 'old', username: 'alice', isAuthenticated: true });
    const fetch = stubFetch(() => jsonResponse(200, { token: 'new' }));

    await expect(useAuthStore.getState().refresh()).resolves.toBe(true);

    expect(fetch.requests[0]).toMatchObject({ url: '/api/auth/refresh', method: 'POST' });
    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer old');
    expect(useAuthStore.getState()).toMatchObject({ token: 'new', isAuthenticated: true });
    expect(stored()?.state).toEqual({ token: 'new', username: 'alice' });
  });

  it('a failed refresh clears the session', async () => {
    useAuthStore.setState({ token: 'old', username: 'alice', isAuthenticated: true });
    stubFetch(() => jsonResponse(401, { error: 'Unauthorized' }));

    await expect(useAuthStore.getState().refresh()).resolves.toBe(false);

    expect(useAuthStore.getState()).toMatchObject({ token: null, username: null, isAuthenticated: false });
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });

  it('verify marks a stored token as authenticated', async () => {
    useAuthStore.setState({ token: 'jwt-1', username: 'alice' });
    const fetch = stubFetch(() => jsonResponse(200, { valid: true, username: 'alice' }));

    await expect(useAuthStore.getState().verify()).resolves.toBe(true);

    expect(fetch.requests[0]).toMatchObject({ url: '/api/auth/verify', method: 'GET' });
    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false });
  });

  it('a failed verification clears the session', async () => {
    useAuthStore.setState({ token: 'expired', username: 'alice' });
    stubFetch(() => jsonResponse(401, { error: 'Unauthorized' }));

    await expect(useAuthStore.getState().verify()).resolves.toBe(false);

    expect(useAuthStore.getState()).toMatchObject({ token: null, isAuthenticated: false, isLoading: false });
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });

  it('does not persist isAuthenticated, isLoading or error', () => {
    useAuthStore.setState({ token: 't', username: 'u', isAuthenticated: true, isLoading: true, error: 'e' });
    expect(Object.keys((stored()?.state ?? {}) as object).sort()).toEqual(['token', 'username']);
  });
});
