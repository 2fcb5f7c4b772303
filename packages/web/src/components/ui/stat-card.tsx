import { TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';

export type StatCardColor = 'blue' | 'green' | 'yellow' | 'red' | 'purple';

const ICON_TONE: Record<StatCardColor, string> = {
  blue: 'bg-blue-50 text-blue-600',
  green: 'bg-green-50 text-green-600',
  yellow: 'bg-yellow-50 text-yellow-600',
  red: 'bg-red-50 text-red-600',
  purple: 'bg-purple-50 text-purple-600',
};

export interface StatCardProps {
  title: string;
  /** Shown as "—" until the count is known. */
  value: number | undefined;
  icon: LucideIcon;
  color: StatCardColor;
  /** On the value, for tests and the console benchmark. */
  testId?: string;
  /** spec §2: a percentage change and whether it is up; none when there is nothing to compare with. */
  trend?: { value: number; isPositive: boolean } | null | undefined;
  /** What the trend compares with, e.g. "vs 24 h ago". */
  trendLabel?: string;
}

/**
 * spec §2 "Stat card widget": title, numeric value, icon and colour. One term and its definition,
 * so it belongs in a <dl>; the optional trend sits under the value.
 */
export function StatCard({ title, value, icon: Icon, color, testId, trend, trendLabel }: StatCardProps) {
  const TrendIcon = trend?.isPositive ? TrendingUp : TrendingDown;
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="flex items-center justify-between gap-3 text-sm font-medium text-slate-600">
        {title}
        <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-md ${ICON_TONE[color]}`}>
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
      </dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value ?? '—'}
      </dd>
      {trend ? (
        <dd
          className={`mt-1 inline-flex items-center gap-1 text-xs font-medium ${trend.isPositive ? 'text-green-700' : 'text-red-700'}`}
          data-testid={testId ? `${testId}-trend` : undefined}
        >
          <TrendIcon aria-hidden="true" className="h-3.5 w-3.5" />
          {trend.isPositive ? '+' : '-'}
          {trend.value}%
          {trendLabel ? <span className="font-normal text-slate-500"> {trendLabel}</span> : null}
        </dd>
      ) : null}
    </div>
  );
}
