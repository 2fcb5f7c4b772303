import { Activity, CircleAlert, Loader, Router, type LucideIcon } from 'lucide-react';
import { useDeviceStats } from '../api/get-device-stats';

const CARDS: {
  key: 'totalDevices' | 'onlineDevices' | 'provisioningDevices' | 'errorDevices';
  label: string;
  icon: LucideIcon;
  tone: string;
  testId: string;
}[] = [
  {
    key: 'totalDevices',
    label: 'Total',
    icon: Router,
    tone: 'bg-blue-50 text-blue-600',
    testId: 'devices-count-total',
  },
  {
    key: 'onlineDevices',
    label: 'Online',
    icon: Activity,
    tone: 'bg-green-50 text-green-600',
    testId: 'devices-count-online',
  },
  {
    key: 'provisioningDevices',
    label: 'Provisioning',
    icon: Loader,
    tone: 'bg-yellow-50 text-yellow-600',
    testId: 'devices-count-provisioning',
  },
  {
    key: 'errorDevices',
    label: 'Errors',
    icon: CircleAlert,
    tone: 'bg-red-50 text-red-600',
    testId: 'devices-count-errors',
  },
];

/** spec §2 Devices "Summary counts": from /api/stats, so they count the whole inventory, not the page. */
export function DevicesSummary() {
  const { data } = useDeviceStats();
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon, tone, testId }) => (
        <div
          key={key}
          className="flex items-center gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <span className={`flex h-9 w-9 items-center justify-center rounded-md ${tone}`}>
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="text-xl font-semibold text-slate-900" data-testid={testId}>
              {data ? data[key] : '—'}
            </dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
