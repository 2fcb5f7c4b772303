import type { DeviceStatus, JobStatus } from '@provisor/server/contract';

// The status pills every screen shows for a device or a job, in one set of colours.
const pill =
  'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

const DEVICE_STATUS: Record<DeviceStatus, { label: string; className: string; dot: string }> = {
  online: { label: 'Online', className: 'bg-green-50 text-green-700 ring-green-600/20', dot: 'bg-green-500' },
  offline: {
    label: 'Offline',
    className: 'bg-slate-50 text-slate-600 ring-slate-500/20',
    dot: 'bg-slate-400',
  },
  provisioning: {
    label: 'Provisioning',
    className: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20',
    dot: 'bg-yellow-500',
  },
  error: { label: 'Error', className: 'bg-red-50 text-red-700 ring-red-600/20', dot: 'bg-red-500' },
};

export const deviceStatusLabel = (status: DeviceStatus) => DEVICE_STATUS[status]?.label ?? status;

export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  const look = DEVICE_STATUS[status] ?? DEVICE_STATUS.offline;
  return (
    <span className={`${pill} ${look.className}`} data-testid="device-status">
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${look.dot}`} />
      {look.label}
    </span>
  );
}

const JOB_STATUS: Record<JobStatus, string> = {
  pending: 'bg-slate-50 text-slate-700 ring-slate-500/20',
  running: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  completed: 'bg-green-50 text-green-700 ring-green-600/20',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
  cancelled: 'bg-slate-50 text-slate-500 ring-slate-400/20',
};

/** Job statuses are shown by their server names (pending, running, completed, failed, cancelled). */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <span className={`${pill} ${JOB_STATUS[status] ?? JOB_STATUS.pending}`} data-testid="job-status">
      {status}
    </span>
  );
}
