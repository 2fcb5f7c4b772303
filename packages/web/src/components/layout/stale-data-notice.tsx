import { Clock } from 'lucide-react';
import { useLiveStatusStore } from '@/stores/live-status-store';

/**
 * While the live channel is lost, what the screens show is what the server said last: say since when,
 * until the channel is back (and the screens are fetched again, app/live-provider.tsx).
 */
export function StaleDataNotice() {
  const lostAt = useLiveStatusStore((state) => state.lostAt);
  if (lostAt === null) return null;
  const since = new Date(lostAt).toLocaleTimeString();
  return (
    <div
      role="status"
      data-testid="stale-data-notice"
      className="mb-4 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
    >
      <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p>
        Connection to the server lost at {since}. What you see may be out of date since then; it updates again
        when the connection is back.
      </p>
    </div>
  );
}
