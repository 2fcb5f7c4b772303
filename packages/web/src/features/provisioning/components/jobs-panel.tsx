import { X } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { OffsetPager } from '@/components/ui/offset-pager';
import { inputClass } from '@/components/ui/form-field';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import type { BulkOperation, Job, JobStatus, JobType } from '@provisor/server/contract';
import { useDeviceBySerial, useDeviceSerial } from '../api/get-device-serial';
import { JOBS_PAGE_SIZE, useJobs } from '../api/get-jobs';
import { formatDateTime } from '@/lib/format';
import { faultLabel } from '../lib/format';
import { isJobStatus, isJobType, JOB_STATUSES, JOB_TYPES } from '../lib/value-sets';
import { JobActions } from './job-actions';
import { OperationsList } from './operations-list';
import { JobStatusBadge } from '@/components/status-badge';

/**
 * Issue 16 point 3: recent jobs, refreshed by the live channel (job_update, bulk_operation_update;
 * lib/live-messages.ts), filtered by status, type, device and bulk operation, with the job actions of
 * spec §4 on each row.
 */
export function JobsPanel() {
  const [status, setStatus] = useState<JobStatus | undefined>();
  const [type, setType] = useState<JobType | undefined>();
  const [serial, setSerial] = useState('');
  const [operation, setOperation] = useState<BulkOperation | undefined>();
  const [offset, setOffset] = useState(0);

  // The device filter takes a serial, as operators know routers; the API filters by device id.
  const device = useDeviceBySerial(serial);
  const deviceId = serial === '' ? undefined : device.data?.id;
  const unknownDevice = serial !== '' && device.isSuccess && device.data === null;

  const waitingForDevice = serial !== '' && deviceId === undefined;
  const jobs = useJobs(
    { status, type, deviceId, operationId: operation?.id, limit: JOBS_PAGE_SIZE, offset },
    !waitingForDevice,
  );
  const list = jobs.data;
  const filtered = Boolean(status || type || serial || operation);

  const refilter = (change: () => void) => {
    change();
    setOffset(0);
  };

  let body;
  if (unknownDevice) {
    body = (
      <p className="px-4 py-8 text-center text-sm text-slate-600">
        No device has the serial number {serial}.
      </p>
    );
  } else if (serial !== '' && device.isError) {
    body = (
      <p role="alert" className="px-4 py-8 text-center text-sm text-red-700">
        Could not look up the device {serial}; check the connection and try again.
      </p>
    );
  } else if (!list) {
    body = jobs.isError ? (
      <p role="alert" className="px-4 py-8 text-center text-sm text-red-700">
        Failed to load jobs.
      </p>
    ) : (
      <div role="status" className="flex items-center justify-center gap-3 py-8 text-sm text-slate-600">
        <Spinner />
        Loading jobs...
      </div>
    );
  } else if (list.jobs.length === 0) {
    body = (
      <p className="px-4 py-8 text-center text-sm text-slate-600">
        {filtered ? 'No jobs match these filters.' : 'No jobs yet.'}
      </p>
    );
  } else {
    body = (
      <>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">Status</th>
                <th className="px-4 py-2">Type</th>
                <th className="px-4 py-2">Device</th>
                <th className="px-4 py-2">Created</th>
                <th className="px-4 py-2">Error</th>
                <th className="px-4 py-2 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.jobs.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </tbody>
          </table>
        </div>
        <OffsetPager
          offset={list.offset}
          shown={list.jobs.length}
          total={list.total}
          pageSize={JOBS_PAGE_SIZE}
          noun="jobs"
          testId="jobs-range"
          onOffset={setOffset}
        />
      </>
    );
  }

  return (
    <section aria-label="Jobs" className="min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Jobs</h2>
      </div>
      <OperationsList shown={operation?.id} onShow={(op) => refilter(() => setOperation(op))} />
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row">
        <SearchInput
          label="Filter jobs by device serial number"
          placeholder="Device serial number"
          value={serial}
          onSearch={(wanted) => refilter(() => setSerial(wanted))}
        />
        <select
          aria-label="Filter jobs by status"
          className={`${inputClass} md:w-40`}
          value={status ?? ''}
          onChange={(event) =>
            refilter(() => setStatus(isJobStatus(event.target.value) ? event.target.value : undefined))
          }
        >
          <option value="">All statuses</option>
          {JOB_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <select
          aria-label="Filter jobs by type"
          className={`${inputClass} md:w-52`}
          value={type ?? ''}
          onChange={(event) =>
            refilter(() => setType(isJobType(event.target.value) ? event.target.value : undefined))
          }
        >
          <option value="">All types</option>
          {JOB_TYPES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      {operation ? (
        <div className="flex items-center gap-2 border-b border-slate-200 bg-blue-50 px-4 py-2 text-sm text-blue-900">
          <span className="min-w-0 flex-1 truncate">Jobs of: {operation.summary}</span>
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            aria-label="Show jobs of every operation"
            onClick={() => refilter(() => setOperation(undefined))}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      ) : null}
      {body}
    </section>
  );
}

function JobRow({ job }: { job: Job }) {
  const serial = useDeviceSerial(job.deviceId) ?? job.deviceId;
  return (
    <tr data-testid={`job-row-${job.id}`} data-device={serial} className="align-top">
      <td className="px-4 py-2">
        <JobStatusBadge status={job.status} />
      </td>
      <td className="px-4 py-2 whitespace-nowrap text-slate-900">{job.type}</td>
      <td className="px-4 py-2 font-mono text-xs whitespace-nowrap text-slate-700">{serial}</td>
      <td className="px-4 py-2 text-xs whitespace-nowrap text-slate-600">{formatDateTime(job.createdAt)}</td>
      <td className="max-w-xs px-4 py-2 text-xs text-red-700" data-testid="job-error">
        {job.faultCode !== null ? (
          <span className="mr-1 inline-block rounded bg-red-100 px-1.5 py-0.5 font-medium">
            {faultLabel(job.faultCode)}
          </span>
        ) : null}
        <span className="break-words">{job.error ?? ''}</span>
      </td>
      <td className="px-4 py-2">
        <JobActions job={job} device={serial} />
      </td>
    </tr>
  );
}
