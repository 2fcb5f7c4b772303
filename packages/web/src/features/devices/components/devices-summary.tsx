import { Activity, CircleAlert, Loader, Router } from 'lucide-react';
import { useStats, type DeviceStats } from '@/api/get-stats';
import { StatCard, type StatCardProps } from '@/components/ui/stat-card';

const CARDS: (Omit<StatCardProps, 'value'> & { key: keyof DeviceStats })[] = [
  { key: 'totalDevices', title: 'Total', icon: Router, color: 'blue', testId: 'devices-count-total' },
  { key: 'onlineDevices', title: 'Online', icon: Activity, color: 'green', testId: 'devices-count-online' },
  {
    key: 'provisioningDevices',
    title: 'Provisioning',
    icon: Loader,
    color: 'yellow',
    testId: 'devices-count-provisioning',
  },
  { key: 'errorDevices', title: 'Errors', icon: CircleAlert, color: 'red', testId: 'devices-count-errors' },
];

/** spec §2 Devices "Summary counts": from /api/stats, so they count the whole inventory, not the page. */
export function DevicesSummary() {
  const { data } = useStats();
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map(({ key, ...card }) => (
        <StatCard key={key} {...card} value={data?.[key]} />
      ))}
    </dl>
  );
}
