import { useState } from 'react';
import { Link } from 'react-router';
import { OffsetPager } from '@/components/ui/offset-pager';
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
      <OffsetPager
        offset={offset}
        shown={list.devices.length}
        total={list.total}
        pageSize={FAILURES_PAGE_SIZE}
        noun="failed routers"
        testId="failures-range"
        onOffset={setOffset}
      />
    </>
  );
}
