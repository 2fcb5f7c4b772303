import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useCampaigns } from '../api/get-campaigns';
import { waveLabel } from '../lib/progress';
import { CampaignFormDialog } from './campaign-form-dialog';
import { CampaignProgressBar, CampaignStatePill } from './campaign-state';
import { GroupsPanel } from './groups-panel';
import { useGuard } from '@/hooks/use-role';

/** Issue 21 point 5: firmware campaigns (kept live by campaign_update) and the device groups they upgrade. */
export function CampaignsPage() {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const campaigns = useCampaigns();
  const [creating, setCreating] = useState(false);

  let body;
  if (!campaigns.data) {
    body = campaigns.isError ? (
      <p role="alert" className="px-4 py-8 text-center text-sm text-red-700">
        Failed to load campaigns.
      </p>
    ) : (
      <div role="status" className="flex items-center justify-center gap-3 py-8 text-sm text-slate-600">
        <Spinner /> Loading campaigns...
      </div>
    );
  } else if (campaigns.data.campaigns.length === 0) {
    body = (
      <p className="px-4 py-8 text-center text-sm text-slate-600">
        No campaigns yet. A campaign upgrades a device group's firmware in waves and halts by itself on
        trouble.
      </p>
    );
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-2">Name</th>
              <th className="px-4 py-2">Group</th>
              <th className="px-4 py-2">Target version</th>
              <th className="px-4 py-2">State</th>
              <th className="px-4 py-2">Progress</th>
              <th className="px-4 py-2">Current wave</th>
              <th className="px-4 py-2">Created</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {campaigns.data.campaigns.map((c) => (
              <tr key={c.id} data-testid={`campaign-row-${c.id}`}>
                <td className="px-4 py-2 font-medium">
                  <Link
                    className="text-blue-700 hover:underline"
                    to={`/campaigns/${encodeURIComponent(c.id)}`}
                  >
                    {c.name}
                  </Link>
                </td>
                <td className="px-4 py-2 text-slate-700">{c.groupName}</td>
                <td className="px-4 py-2 text-slate-700">{c.targetVersion}</td>
                <td className="px-4 py-2">
                  <CampaignStatePill state={c.state} />
                </td>
                <td className="px-4 py-2">
                  <CampaignProgressBar counts={c.counts} />
                </td>
                <td className="px-4 py-2 text-slate-700">
                  {waveLabel(c.currentWave)} of {c.waves.length + 1}
                </td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-600">{formatDateTime(c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title="Campaigns"
        subtitle="Upgrade firmware in waves: a canary first, then growing waves, halting on failures"
        actions={
          <button
            {...guard}
            type="button"
            className={buttonClass('primary')}
            onClick={() => setCreating(true)}
          >
            <Plus aria-hidden="true" className="h-4 w-4" /> New Campaign
          </button>
        }
      />
      <section aria-label="Campaigns" className="min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {body}
      </section>
      <GroupsPanel />
      {creating ? <CampaignFormDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
