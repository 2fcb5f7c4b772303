import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ACTIVITY_SETTLE_MS } from '@/config/constants';
import { LiveClientContext } from '@/hooks/use-live';
import { queryKeys } from '@/lib/query-keys';
import { createAppLiveClient, resumeOnSignsOfLife } from '@/lib/live';
import type { LiveClient } from '@/lib/live-client';
import {
  applyCampaignUpdate,
  applyLiveMessage,
  coalescedInvalidation,
  refreshActivity,
  trailingInvalidation,
} from '@/lib/live-messages';
import { useAuthStore } from '@/stores/auth-store';
import { useUiSettingsStore } from '@/stores/ui-settings-store';

export interface LiveProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one wired to the session and status stores. */
  client?: LiveClient;
}

/** Connects the live channel while the session is authenticated; logout closes it with 1000 (spec §4). */
export function LiveProvider({ children, client: injected }: LiveProviderProps) {
  const [client] = useState(() => injected ?? createAppLiveClient());
  const queryClient = useQueryClient();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  // UI Settings "enableWebSocket": off closes the channel (the indicator says Disconnected), on reopens it.
  const liveEnabled = useUiSettingsStore((state) => state.enableWebSocket);

  useEffect(() => {
    const invalidate = coalescedInvalidation(queryClient);
    const settled = trailingInvalidation(queryClient, ACTIVITY_SETTLE_MS);
    return client.subscribe((message) => {
      applyLiveMessage(invalidate, message);
      refreshActivity(invalidate, message, settled);
      applyCampaignUpdate(queryClient, invalidate, message);
    });
  }, [client, queryClient]);

  // Messages sent while the channel was down are lost: once it is back, everything on screen is
  // fetched again.
  useEffect(() => {
    let everConnected = false;
    let lost = false;
    return client.onStatusChange((status) => {
      if (status === 'connected') {
        if (lost) void queryClient.invalidateQueries();
        everConnected = true;
        lost = false;
      } else if (everConnected) lost = true;
    });
  }, [client, queryClient]);

  // Issue 22: a session ended by the server (an admin disabled the user or reset their password) signs
  // out now, not at the next click: asking who we are answers 401, and that signs out (api/get-me.ts).
  useEffect(
    () => client.onSessionEnded(() => void queryClient.invalidateQueries({ queryKey: queryKeys.me.all })),
    [client, queryClient],
  );

  useEffect(() => {
    if (!isAuthenticated || !liveEnabled) return;
    client.connect();
    const stopWatching = resumeOnSignsOfLife(client);
    return () => {
      stopWatching();
      client.disconnect();
    };
  }, [client, isAuthenticated, liveEnabled]);

  return <LiveClientContext value={client}>{children}</LiveClientContext>;
}
