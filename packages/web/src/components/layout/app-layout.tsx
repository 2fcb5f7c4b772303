import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { readProviderName, readServerAddress } from '@/config/runtime';
import { useTheme } from '@/hooks/use-theme';
import { LoadMe } from '@/api/get-me';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { DebugPanel } from './debug-panel';
import { Sidebar } from './sidebar';
import { StaleDataNotice } from './stale-data-notice';

/** The authenticated shell: header on top, sidebar on the left (desktop), the screen, the footer. */
export function AppLayout() {
  const [runtime] = useState(() => ({
    providerName: readProviderName(),
    serverAddress: readServerAddress(),
  }));
  useTheme();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <AppHeader providerName={runtime.providerName} serverAddress={runtime.serverAddress} />
      <div className="flex flex-1">
        <Sidebar />
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <StaleDataNotice />
          {/* Screens other than the Dashboard are lazy chunks (app/routes.tsx): a spinner while one loads. */}
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <DebugPanel />
      <AppFooter />
      <LoadMe />
    </div>
  );
}

function ScreenLoading() {
  return (
    <div role="status" className="flex justify-center py-16">
      <Spinner className="h-8 w-8" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
