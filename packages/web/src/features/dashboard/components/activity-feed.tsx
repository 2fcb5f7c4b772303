import type { ActivityEntry, ActivityType } from '@provisor/server/contract';
import {
  Briefcase,
  CircleAlert,
  CircleCheck,
  Info,
  Router,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useActivity } from '../api/get-activity';
import { feedEntries, relativeTime } from '../lib/activity';
import { Panel, panelState } from './panel';

/** spec §3 "Activity entry" types: each its icon and colour. */
export const ACTIVITY_LOOK: Record<ActivityType, { icon: LucideIcon; className: string }> = {
  success: { icon: CircleCheck, className: 'bg-green-50 text-green-600' },
  error: { icon: CircleAlert, className: 'bg-red-50 text-red-600' },
  info: { icon: Info, className: 'bg-blue-50 text-blue-600' },
  warning: { icon: TriangleAlert, className: 'bg-yellow-50 text-yellow-600' },
  device: { icon: Router, className: 'bg-slate-100 text-slate-600' },
  job: { icon: Briefcase, className: 'bg-purple-50 text-purple-600' },
};

/** Re-renders every 30 s so that "Just now" becomes "1m ago" without new entries. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** spec §2: the "Real-time Activity" feed, marked Live, refreshed by live messages (lib/live-messages.ts). */
export function ActivityFeed() {
  const query = useActivity();
  const now = useNow();
  const entries = feedEntries(query.data?.entries ?? []);
  const live = (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700 ring-1 ring-inset ring-green-200">
      <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-green-500" />
      Live
    </span>
  );
  return (
    <Panel title="Real-time Activity" aside={live} state={panelState(query)}>
      {entries.length === 0 ? (
        <p className="py-16 text-center text-sm text-slate-500">No activity yet</p>
      ) : (
        <ol className="max-h-80 space-y-3 overflow-y-auto pr-1" aria-label="Activity entries">
          {entries.map((entry) => (
            <FeedItem key={entry.id} entry={entry} now={now} />
          ))}
        </ol>
      )}
    </Panel>
  );
}

function FeedItem({ entry, now }: { entry: ActivityEntry; now: number }) {
  const { icon: Icon, className } = ACTIVITY_LOOK[entry.type] ?? ACTIVITY_LOOK.info;
  return (
    <li className="flex items-start gap-3" data-type={entry.type}>
      <span className={`mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full ${className}`}>
        <Icon aria-hidden="true" className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-slate-900">{entry.message}</p>
        <p className="text-xs text-slate-500">
          <time dateTime={entry.timestamp}>{relativeTime(entry.timestamp, now)}</time>
        </p>
      </div>
    </li>
  );
}
