import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import type { Device } from '@provisor/server/contract';
import { DeviceActionMenu, type DeviceActions } from './device-actions';
import { DeviceStatusBadge } from '@/components/status-badge';

const th = 'px-4 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500';
const td = 'px-4 py-3 text-sm text-slate-700 whitespace-nowrap';
// The device's column stays in view while a narrow screen scrolls the table sideways, so that a row's
// actions and values always show whose they are.
const stickyTh = 'sticky left-0 z-10 bg-slate-50';
const stickyTd = 'sticky left-0 z-10 bg-white group-hover:bg-slate-50';

/** spec §2 Devices "List rows". */
export function DevicesTable({ devices, actions }: { devices: Device[]; actions: DeviceActions }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200" aria-label="Devices">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${th} ${stickyTh}`}>
              Device
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              OUI
            </th>
            <th scope="col" className={th}>
              Software Version
            </th>
            <th scope="col" className={th}>
              Last seen
            </th>
            <th scope="col" className={th}>
              Profile
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {devices.map((device) => (
            <tr
              key={device.id}
              data-testid={`device-row-${device.serialNumber}`}
              className="group hover:bg-slate-50"
            >
              <td className={`${td} ${stickyTd}`}>
                <Link
                  to={`/devices/${encodeURIComponent(device.id)}`}
                  className="font-mono text-sm font-medium text-slate-900 hover:text-blue-700 hover:underline"
                >
                  {device.serialNumber}
                </Link>
                <p className="text-xs text-slate-500">{device.productClass}</p>
              </td>
              <td className={td}>
                <DeviceStatusBadge status={device.status} />
              </td>
              <td className={`${td} font-mono`}>{device.oui}</td>
              <td className={td}>{device.softwareVersion || '—'}</td>
              <td
                className={td}
                title={device.lastInformAt ? formatDateTime(device.lastInformAt) : undefined}
              >
                {formatRelativeTime(device.lastInformAt)}
              </td>
              <td className={td}>
                {device.assignedProfileId ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-purple-50 px-2 py-0.5 text-xs font-medium text-purple-700 ring-1 ring-inset ring-purple-600/20">
                    <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
                    Profile Assigned
                  </span>
                ) : null}
              </td>
              <td className={`${td} text-right`}>
                <DeviceActionMenu device={device} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
