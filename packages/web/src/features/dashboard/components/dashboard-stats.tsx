import { Activity, CircleAlert, CircleCheck, CircleX, Clock, Loader, Router } from 'lucide-react';
import type { DeviceStats } from '@/api/get-stats';
import { StatCard, type StatCardProps } from '@/components/ui/stat-card';
import { computeTrend } from '../lib/stats';

type Card = Omit<StatCardProps, 'value'> & { key: keyof DeviceStats };

/** spec §2 Dashboard: the seven cards, in the spec's order. */
const CARDS: Card[] = [
  { key: 'totalDevices', title: 'Total Devices', icon: Router, color: 'blue' },
  { key: 'onlineDevices', title: 'Online Devices', icon: Activity, color: 'green' },
  { key: 'provisioningDevices', title: 'Provisioning', icon: Loader, color: 'yellow' },
  { key: 'errorDevices', title: 'Error Devices', icon: CircleAlert, color: 'red' },
  { key: 'pendingJobs', title: 'Pending Jobs', icon: Clock, color: 'purple' },
  { key: 'completedJobs', title: 'Completed Jobs', icon: CircleCheck, color: 'green' },
  { key: 'failedJobs', title: 'Failed Jobs', icon: CircleX, color: 'red' },
];

/**
 * The value of each card carries data-testid="dashboard-<key>", e.g. dashboard-totalDevices; its trend
 * (against `before`, the counts of about 24 h ago, when the server has them) dashboard-<key>-trend.
 */
export function DashboardStats({ stats, before }: { stats: DeviceStats; before?: DeviceStats | null }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CARDS.map(({ key, ...card }) => (
        <StatCard
          key={key}
          {...card}
          value={stats[key]}
          testId={`dashboard-${key}`}
          trend={computeTrend(stats[key], before?.[key])}
          trendLabel="vs 24 h ago"
        />
      ))}
    </dl>
  );
}
