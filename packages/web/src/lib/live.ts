// The app's one live channel, wired to the session store and the status store.
import { useAuthStore } from '@/stores/auth-store';
import { useLiveStatusStore } from '@/stores/live-status-store';
import { defaultLiveUrl, LiveClient } from './live-client';

export function createAppLiveClient(): LiveClient {
  const client = new LiveClient({
    url: () => defaultLiveUrl(window.location),
    getToken: () => useAuthStore.getState().token,
  });
  client.onStatusChange((status) => useLiveStatusStore.getState().setStatus(status));
  return client;
}
