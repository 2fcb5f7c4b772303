import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { FAILURES_PAGE_SIZE, useCampaignDevices } from '../api/get-campaign-devices';
import { waveLabel } from '../lib/progress';

/** The failed routers with their reasons, a page at a time (refetched on campaign_update, coalesced). */
export function FailuresList({ campaignId }: { campaignId: string }) {
  const [offset, setOffset] = useState(0);
  const failures = useCampaignDevices(campaignId, { state: 'failed', limit: FAILURES_PAGE_SIZE, offset });
  const list = failures.data;
  if (!list)
    return failures.isError ? (
      <p role="alert" className="px-4 py-8 text-center text-sm text-red-700">
        Failed to load the failed routers.
      </p>
    ) : (
      <div role="status" className="flex items-center justify-center gap-3 py-8 text-sm text-slate-600">
        <Spinner /> Loading failures...
      </div>
    );
  if (list.total === 0)
    return <p className="px-4 py-8 text-center text-sm text-slate-600">No router has failed.</p>;
  const last = offset + list.devices.length;
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-2">Device</th>
              <th className="px-4 py-2">Wave</th>
              <th className="px-4 py-2">Reason</th>
              <th className="px-4 py-2">Version</th>
              <th className="px-4 py-2">When</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.devices.map((d) => (
              <tr key={d.deviceId} data-testid="failure-row" data-device={d.serialNumber}>
                <td className="px-4 py-2 font-medium">
                  <Link
                    className="text-blue-700 hover:underline"
                    to={`/devices/${encodeURIComponent(d.deviceId)}`}
                  >
                    {d.serialNumber}
                  </Link>
                </td>
                <td className="px-4 py-2 text-slate-700">{waveLabel(d.wave)}</td>
                <td className="px-4 py-2 text-red-700" data-testid="failure-reason">
                  {d.reason ?? 'No reason recorded'}
                </td>
                <td className="px-4 py-2 text-slate-700">{d.softwareVersion}</td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-600">{formatDateTime(d.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3">
        <span className="text-sm text-slate-600" data-testid="failures-range">
          Showing {offset + 1} to {last} of {list.total} failed routers
        </span>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - FAILURES_PAGE_SIZE))}
          >
            Previous
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={last >= list.total}
            onClick={() => setOffset(offset + FAILURES_PAGE_SIZE)}
          >
            Next
          </button>
        </div>
      </div>
    </>
  );
}
