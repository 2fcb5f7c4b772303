import { CircleAlert } from 'lucide-react';
import { useStats } from '@/api/get-stats';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { DashboardStats } from './dashboard-stats';
import { WelcomePanel } from './welcome-panel';

/**
 * spec §2 "Dashboard": the seven counts from GET /api/stats, refetched every 30 s and on every live
 * stats_update; a welcome panel while there are no devices. A failed refetch keeps the last numbers.
 */
export function DashboardPage() {
  const query = useStats();

  let body;
  if (query.isPending) {
    body = (
      <div role="status" className="flex justify-center py-16">
        <Spinner className="h-8 w-8" />
        <span className="sr-only">Loading dashboard...</span>
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-2 rounded-lg bg-white px-4 py-16 text-center shadow-sm ring-1 ring-slate-200"
      >
        <CircleAlert aria-hidden="true" className="h-10 w-10 text-red-500" />
        <p className="text-base font-semibold text-slate-900">Failed to load dashboard</p>
        <p className="text-sm text-slate-600">
          Unable to connect to the TR-069 ACS server. Please check if the server is running.
        </p>
        <button
          type="button"
          className={`${buttonClass('secondary', 'sm')} mt-2`}
          onClick={() => void query.refetch()}
        >
          Retry
        </button>
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        <DashboardStats stats={query.data} />
        {query.data.totalDevices === 0 ? <WelcomePanel /> : null}
        {/*
          Dashboard issue, not built yet (spec §2 "Dashboard"): the "Device Status Distribution" pie
          and the "Real-time Activity" feed side by side, then the "System Resources" and "Network
          Activity" charts. They belong here, below the cards; nothing is rendered for them until then.
        */}
      </div>
    );
  }

  return (
    <div>
      <PageHeader title="Dashboard" subtitle="TR-069 ACS system overview and device statistics" />
      {body}
    </div>
  );
}
