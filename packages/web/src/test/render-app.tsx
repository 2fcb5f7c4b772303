import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { LiveClient } from '@/lib/live-client';
import { useAuthStore, type AuthState } from '@/stores/auth-store';
import { useLiveStatusStore } from '@/stores/live-status-store';
import { FakeWebSocket } from './fake-websocket';

export const signedOutState: AuthState = {
  token: null,
  username: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
};

export function resetStores(): void {
  useAuthStore.setState({ ...signedOutState });
  useLiveStatusStore.setState({ status: 'disconnected', lostAt: null });
  localStorage.clear();
  FakeWebSocket.reset();
}

export function signIn(username: string | null = 'alice', token = 'token-1'): void {
  useAuthStore.setState({ token, username, isAuthenticated: true, isLoading: false, error: null });
}

/**
 * Renders the real route table (or one built with createRoutes, e.g. with a screen that fails) in a
 * memory router, with a live client on a fake WebSocket.
 */
export function renderApp(initialEntries: InitialEntry[] = ['/'], appRoutes: RouteObject[] = routes) {
  const router = createMemoryRouter(appRoutes, { initialEntries });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const liveClient = new LiveClient({
    url: 'ws://console.test/ws',
    getToken: () => useAuthStore.getState().token,
    WebSocket: FakeWebSocket,
    logger: { warn: () => {}, error: () => {}, info: () => {} },
  });
  liveClient.onStatusChange((status) => useLiveStatusStore.getState().setStatus(status));
  const view = render(
    <AppProvider queryClient={queryClient} liveClient={liveClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, liveClient };
}
