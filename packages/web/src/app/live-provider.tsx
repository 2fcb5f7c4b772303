import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { LiveClientContext } from '@/hooks/use-live';
import { createAppLiveClient } from '@/lib/live';
import type { LiveClient } from '@/lib/live-client';
import { applyLiveMessage } from '@/lib/live-messages';
import { useAuthStore } from '@/stores/auth-store';

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

  useEffect(
    () => client.subscribe((message) => applyLiveMessage(queryClient, message)),
    [client, queryClient],
  );

  useEffect(() => {
    if (!isAuthenticated) return;
    client.connect();
    return () => client.disconnect();
  }, [client, isAuthenticated]);

  return <LiveClientContext value={client}>{children}</LiveClientContext>;
}
