import type { CampaignCounts, CampaignState } from '@provisor/server/contract';
import { progressPercent, STATE_LABELS } from '../lib/progress';

const pill =
  'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap';

const LOOKS: Record<CampaignState, string> = {
  running: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  waiting: 'bg-slate-50 text-slate-700 ring-slate-500/20',
  soaking: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  paused: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20',
  halted: 'bg-red-50 text-red-700 ring-red-600/20',
  cancelled: 'bg-slate-50 text-slate-500 ring-slate-400/20',
  completed: 'bg-green-50 text-green-700 ring-green-600/20',
};

export function CampaignStatePill({ state }: { state: CampaignState }) {
  return (
    <span className={`${pill} ${LOOKS[state] ?? LOOKS.waiting}`} data-testid="campaign-state">
      {STATE_LABELS[state] ?? state}
    </span>
  );
}

/** "12 upgraded · 1 failed of 30" over a bar: green upgraded, red failed. */
export function CampaignProgressBar({ counts }: { counts: CampaignCounts }) {
  const percent = progressPercent(counts);
  return (
    <div className="min-w-40 space-y-1">
      <div
        role="progressbar"
        aria-label="Upgraded"
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={counts.upgraded}
        className="flex h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="bg-green-500" style={{ width: `${percent.upgraded}%` }} />
        <div className="bg-red-500" style={{ width: `${percent.failed}%` }} />
      </div>
      <p className="text-xs whitespace-nowrap text-slate-600" data-testid="campaign-progress">
        {counts.upgraded} upgraded · {counts.failed} failed of {counts.total}
      </p>
    </div>
  );
}
