import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { useDevice } from '../api/get-device';
import { useDeviceJobs } from '../api/get-device-jobs';
import { isJobFinished } from '../lib/job-status';
import { DeviceActionButtons, useDeviceActions } from './device-actions';
import { DeviceFiles } from './device-files';
import { DeviceIdentity } from './device-identity';
import { DeviceJobs } from './device-jobs';
import { DeviceParameters } from './device-parameters';
import { DeviceStatusBadge } from '@/components/status-badge';

/**
 * When one of the device's jobs finishes (seen through job_update or the poll), what it changed
 * (parameters, files, identity) is stale: refetch everything under the device's detail key.
 */
function useRefetchOnJobFinish(deviceId: string) {
  const queryClient = useQueryClient();
  const { data: jobs } = useDeviceJobs(deviceId);
  const unfinished = useRef<Set<string>>(new Set());
  useEffect(() => {
    if (!jobs) return;
    const now = new Set(jobs.filter((job) => !isJobFinished(job.status)).map((job) => job.id));
    const someFinished = [...unfinished.current].some((id) => !now.has(id));
    unfinished.current = now;
    if (someFinished) void queryClient.invalidateQueries({ queryKey: queryKeys.devices.detail(deviceId) });
  }, [jobs, deviceId, queryClient]);
}

const backLink = (
  <Link
    to="/devices"
    className="mb-4 inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900"
  >
    <ArrowLeft aria-hidden="true" className="h-4 w-4" />
    Back to Devices
  </Link>
);

/** /devices/:id — one device: identity, parameter tree, jobs, files and the row menu's actions. */
export function DevicePage() {
  const { id = '' } = useParams();
  const { data: device, isPending, isError, error } = useDevice(id);
  const actions = useDeviceActions();
  useRefetchOnJobFinish(id);

  if (isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-600">
        <Spinner />
        Loading device...
      </div>
    );
  }
  if (isError) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <div>
        {backLink}
        <div
          role="alert"
          className="flex flex-col items-center gap-2 rounded-lg bg-white px-4 py-16 text-center ring-1 ring-slate-200"
        >
          <CircleAlert aria-hidden="true" className="h-10 w-10 text-red-500" />
          <p className="text-base font-semibold text-slate-900">
            {missing ? 'Device not found' : 'Failed to load device'}
          </p>
          <p className="text-sm text-slate-600">
            {missing
              ? 'It may have been deleted. Go back to the device list.'
              : 'Unable to fetch the device from the server.'}
          </p>
        </div>
      </div>
    );
  }

  const subtitle = [device.manufacturer, device.productClass].filter(Boolean).join(' · ');
  return (
    <div className="space-y-6">
      <div>
        {backLink}
        <div className="flex items-center gap-3">
          <h1 className="font-mono text-2xl font-semibold tracking-tight text-slate-900">
            {device.serialNumber}
          </h1>
          <DeviceStatusBadge status={device.status} />
        </div>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-4">
          <DeviceActionButtons device={device} actions={actions} />
        </div>
      </div>
      <DeviceIdentity device={device} />
      <DeviceParameters deviceId={device.id} />
      <DeviceJobs deviceId={device.id} />
      <DeviceFiles deviceId={device.id} />
      {actions.dialogs}
    </div>
  );
}
