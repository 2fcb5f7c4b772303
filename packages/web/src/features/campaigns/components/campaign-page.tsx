import { ArrowLeft, OctagonAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useCampaign } from '../api/get-campaign';
import { waveLabel } from '../lib/progress';
import { CampaignActionsBar } from './campaign-actions-bar';
import { CampaignProgressBar, CampaignStatePill } from './campaign-state';
import { FailuresList } from './failures-list';
import { ProgressChart } from './progress-chart';
import { WavesTable } from './waves-table';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Issue 21 point 5: one campaign, live through campaign_update (lib/live-messages.ts). */
export function CampaignPage() {
  const { id = '' } = useParams();
  const query = useCampaign(id);
  const back = (
    <Link
      to="/campaigns"
      className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Campaigns
    </Link>
  );
  if (!query.data) {
    return (
      <div className="space-y-4">
        {back}
        {query.isError ? (
          <p role="alert" className="py-8 text-center text-sm text-red-700">
            {isApiError(query.error) && query.error.status === 404
              ? 'This campaign does not exist (it may have been removed).'
              : 'Failed to load the campaign; check the connection and reload.'}
          </p>
        ) : (
          <div role="status" className="flex items-center justify-center gap-3 py-8 text-sm text-slate-600">
            <Spinner /> Loading campaign...
          </div>
        )}
      </div>
    );
  }
  const c = query.data.campaign;
  const facts: [string, ReactNode][] = [
    ['Group', c.groupName],
    ['Firmware file', c.fileName],
    ['Target version', c.targetVersion],
    ['Waves', `canary ${c.canarySize}, then ${c.waves.map((w) => `${w}%`).join(', ')}`],
    ['Soak time', `${c.soakMinutes} min`],
    ['Max concurrent downloads', c.maxConcurrent],
    ['Failure threshold', `${c.failureThreshold}%`],
    ['Deadline', `${c.deadlineMinutes} min`],
    ['Maintenance window', c.window ? `${c.window.start}–${c.window.end} ${c.window.timeZone}` : 'Any time'],
    ['Created', formatDateTime(c.createdAt)],
  ];
  return (
    <div className="min-w-0 space-y-6">
      {back}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{c.name}</h1>
            <CampaignStatePill state={c.state} />
          </div>
          <p className="text-sm text-slate-600" data-testid="current-wave">
            {c.state === 'completed'
              ? 'All waves done'
              : `${waveLabel(c.currentWave)} of ${c.waves.length + 1}`}
          </p>
        </div>
        <CampaignActionsBar campaign={c} />
      </div>
      {c.reason ? (
        <div
          role={c.state === 'halted' ? 'alert' : 'status'}
          data-testid="campaign-reason"
          className={`flex gap-3 rounded-lg p-4 text-sm ring-1 ring-inset ${
            c.state === 'halted'
              ? 'bg-red-50 text-red-800 ring-red-200'
              : 'bg-slate-50 text-slate-700 ring-slate-200'
          }`}
        >
          <OctagonAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">
              {c.state === 'halted' ? 'Halted: no further wave starts until you resume.' : 'Stopped'}
            </p>
            <p className="break-words">{c.reason}</p>
          </div>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <Section title="Overview">
          <div className="space-y-4 p-4">
            <CampaignProgressBar counts={c.counts} />
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="min-w-0">
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </Section>
        <div className="min-w-0 lg:col-span-2">
          <Section title="Upgraded and Failed over Time">
            <div className="p-4">
              <ProgressChart campaign={c} />
            </div>
          </Section>
        </div>
      </div>
      <Section title="Waves">
        <WavesTable campaign={c} />
      </Section>
      <Section title="Failures">
        <FailuresList campaignId={c.id} />
      </Section>
    </div>
  );
}
