import { Spinner } from '@/components/ui/spinner';
import { parameterLine } from '@/lib/secrets';
import type { Job } from '@provisor/server/contract';
import { useDeviceJobs } from '../api/get-device-jobs';
import { jobResultLines } from '../lib/job-result';
import { formatDateTime, formatJobType } from '@/lib/format';
import { JobStatusBadge } from '@/components/status-badge';

const th = 'px-4 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500';
const td = 'px-4 py-2.5 text-sm text-slate-700 align-top';

/** The device's jobs, newest first; live through job_update (its key sits under ['jobs']). */
export function DeviceJobs({ deviceId }: { deviceId: string }) {
  const { data: jobs, isPending, isError } = useDeviceJobs(deviceId);
  return (
    <section
      className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
      aria-labelledby="device-jobs-heading"
    >
      <h2
        id="device-jobs-heading"
        className="border-b border-slate-200 px-5 py-3 text-sm font-semibold text-slate-900"
      >
        Job History
      </h2>
      {isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : isError ? (
        <p role="alert" className="px-5 py-6 text-sm text-red-700">
          Failed to load the job history.
        </p>
      ) : jobs.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">No jobs for this device yet.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200" aria-label="Job history">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>
                  Type
                </th>
                <th scope="col" className={th}>
                  Status
                </th>
                <th scope="col" className={th}>
                  Created
                </th>
                <th scope="col" className={th}>
                  Finished
                </th>
                <th scope="col" className={th}>
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {jobs.map((job) => (
                <tr key={job.id} data-testid={`job-row-${job.id}`}>
                  <td className={`${td} whitespace-nowrap font-medium text-slate-900`}>
                    {formatJobType(job.type)}
                  </td>
                  <td className={td}>
                    <JobStatusBadge status={job.status} />
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{formatDateTime(job.createdAt)}</td>
                  <td className={`${td} whitespace-nowrap`}>{formatDateTime(job.finishedAt)}</td>
                  <td className={`${td} w-full min-w-64`}>
                    <JobParameters job={job} />
                    {job.error ? <p className="text-red-700">{job.error}</p> : null}
                    {job.faultCode != null ? (
                      <p className="font-mono text-xs text-red-600">Fault {job.faultCode}</p>
                    ) : null}
                    <JobResultLines job={job} />
                    {!job.error &&
                    job.faultCode == null &&
                    !job.params.parameters?.length &&
                    jobResultLines(job).length === 0 ? (
                      <span className="text-slate-400">—</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const PARAMETERS_SHOWN = 3;

/** The parameters a job reads or writes, the first few, secrets masked (lib/secrets.ts). */
function JobParameters({ job }: { job: Job }) {
  const parameters = job.params.parameters ?? [];
  if (parameters.length === 0) return null;
  const more = parameters.length - PARAMETERS_SHOWN;
  return (
    <div className="font-mono text-xs text-slate-600" data-testid="job-parameters">
      {parameters.slice(0, PARAMETERS_SHOWN).map((parameter, index) => {
        const line =
          typeof parameter === 'string' ? parameter : parameterLine(parameter.name, parameter.value);
        return (
          <p key={index} className="max-w-md truncate" title={line}>
            {line}
          </p>
        );
      })}
      {more > 0 ? <p className="font-sans text-slate-500">... and {more} more parameters</p> : null}
    </div>
  );
}

/** What the job produced (lib/job-result.ts). */
function JobResultLines({ job }: { job: Job }) {
  const lines = jobResultLines(job);
  if (lines.length === 0) return null;
  return (
    <div className="mt-1 text-xs text-slate-600" data-testid="job-result">
      {lines.map((line, index) => (
        <p key={index} className="max-w-md truncate" title={line}>
          {line}
        </p>
      ))}
    </div>
  );
}
