import { useStats } from '@/api/get-stats';
import { PageHeader } from '@/components/ui/page-header';
import { LoadFailure } from '@/components/ui/load-failure';
import { Spinner } from '@/components/ui/spinner';
import { useStatsTrend } from '../api/get-stats-trend';
import { ActivityFeed } from './activity-feed';
import { DashboardStats } from './dashboard-stats';
import { ResourceCharts } from './resource-charts';
import { StatusDistribution } from './status-distribution';
import { WelcomePanel } from './welcome-panel';

/**
 * spec §2 "Dashboard": the seven counts from GET /api/stats, refetched every N s (UI Settings, 30 by
 * default) and on every live stats_update, with their trend against 24 h ago; a welcome panel while
 * there are no devices; the status pie, the activity feed and the resource charts. A failed refetch
 * keeps the last numbers; a panel whose own request fails says so and the rest of the page works on.
 */
export function DashboardPage() {
  const query = useStats();
  const trend = useStatsTrend();

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
      <LoadFailure
        title="Failed to load dashboard"
        detail="Unable to connect to the TR-069 ACS server. Please check if the server is running."
        onRetry={() => void query.refetch()}
        boxed
      />
    );
  } else {
    body = (
      <div className="space-y-6">
        <DashboardStats stats={query.data} before={trend.data?.stats ?? null} />
        {query.data.totalDevices === 0 ? <WelcomePanel /> : null}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <StatusDistribution stats={query.data} />
          <ActivityFeed />
        </div>
        <ResourceCharts />
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
