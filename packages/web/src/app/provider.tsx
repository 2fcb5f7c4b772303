import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';
import type { LiveClient } from '@/lib/live-client';
import { LiveProvider } from './live-provider';

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  liveClient?: LiveClient;
}

export function AppProvider({ children, queryClient, liveClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LiveProvider {...(liveClient ? { client: liveClient } : {})}>
        {children}
        {/* Bottom right: at the top they covered the header's indicator, Settings and Logout. */}
        <Toaster position="bottom-right" richColors closeButton />
      </LiveProvider>
    </QueryClientProvider>
  );
}
