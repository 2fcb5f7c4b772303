// The "Real-time Activity" feed (spec §2 Dashboard, §3 "Activity entry", §4 "Activity feed mapping").
import type { ActivityEntry, ActivityType } from '@provisor/server/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** spec §2: "Just now", "Nm ago", "Nh ago", otherwise a date. */
export function relativeTime(timestamp: string, now: number = Date.now()): string {
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return timestamp;
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m ago`;
  if (ago < 24 * HOUR) return `${Math.floor(ago / HOUR)}h ago`;
  return new Date(at).toLocaleDateString();
}

/** spec §4: a job completed shows as success, failed as error, any other status as info. */
export function jobActivityType(status: string): ActivityType {
  if (status === 'completed') return 'success';
  if (status === 'failed') return 'error';
  return 'info';
}

/** spec §2: newest first, at most 50 (whatever order and number the answer had). */
export function feedEntries(entries: readonly ActivityEntry[], limit = 50): ActivityEntry[] {
  return [...entries].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, limit);
}
