// How components reach the live channel: its status (for the header) and its messages (dashboard feed, charts).
import { createContext, use, useEffect, useEffectEvent } from 'react';
import type { LiveClient, LiveStatus } from '@/lib/live-client';
import type { LiveMessage } from '@/lib/live-messages';
import { useLiveStatusStore } from '@/stores/live-status-store';

export const LiveClientContext = createContext<LiveClient | null>(null);

export function useLiveClient(): LiveClient {
  const client = use(LiveClientContext);
  if (!client) throw new Error('useLiveClient must be used inside <LiveProvider>');
  return client;
}

/** Calls `listener` for every live message while the component is mounted. */
export function useLiveMessages(listener: (message: LiveMessage) => void): void {
  const client = useLiveClient();
  const onMessage = useEffectEvent(listener);
  useEffect(() => client.subscribe((message) => onMessage(message)), [client]);
}

export function useLiveStatus(): LiveStatus {
  return useLiveStatusStore((state) => state.status);
}
