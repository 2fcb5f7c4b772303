// The app's one live channel, wired to the session store and the status store.
import { useAuthStore } from '@/stores/auth-store';
import { useLiveStatusStore } from '@/stores/live-status-store';
import { onApiAnswered } from './api-client';
import { defaultLiveUrl, LiveClient } from './live-client';

export function createAppLiveClient(): LiveClient {
  const client = new LiveClient({
    url: () => defaultLiveUrl(window.location),
    getToken: () => useAuthStore.getState().token,
  });
  client.onStatusChange((status) => useLiveStatusStore.getState().setStatus(status));
  return client;
}

/**
 * Signs that the server may be reachable again start a new round of attempts once the last one gave
 * up (LiveClient.resume): the browser back online, the tab visible again, any API call answered.
 * Returns the function that stops watching.
 */
export function resumeOnSignsOfLife(client: LiveClient): () => void {
  const resume = () => client.resume();
  const onVisible = () => {
    if (document.visibilityState === 'visible') resume();
  };
  window.addEventListener('online', resume);
  document.addEventListener('visibilitychange', onVisible);
  const stopApi = onApiAnswered(resume);
  return () => {
    window.removeEventListener('online', resume);
    document.removeEventListener('visibilitychange', onVisible);
    stopApi();
  };
}
