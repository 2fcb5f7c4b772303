// Live channel messages (spec §3 "Live message") and what each one does to cached server data (spec §4).
// The payloads are the server's (its contract, contract/live.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { Campaign, LiveMessage as KnownLiveMessage } from '@provisor/server/contract';
import { LIVE_REFETCH_WINDOW_MS } from '@/config/constants';
import { browserTimers, type LiveTimers } from './live-client';
import { queryKeys } from './query-keys';

export type { KnownLiveMessage };

/** Any well-formed message; unknown types are passed on to subscribers untouched. */
export type LiveMessage = KnownLiveMessage | { type: string & {}; timestamp: string; payload: unknown };

/** Parses one frame; null for anything that is not a JSON object with a string `type`. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { type, timestamp, payload } = value as Record<string, unknown>;
  if (typeof type !== 'string' || type === '') return null;
  return {
    type,
    timestamp: typeof timestamp === 'string' ? timestamp : new Date().toISOString(),
    payload,
  } as LiveMessage;
}

/** Marks the queries under a key stale and refetches the ones on screen. */
export type Invalidate = (queryKey: readonly unknown[]) => void;

/** Every call invalidates at once. */
export const invalidateIn =
  (queryClient: QueryClient): Invalidate =>
  (queryKey) =>
    void queryClient.invalidateQueries({ queryKey });

/**
 * At most one refetch of a key per window, whatever the number of messages: the first invalidates at
 * once, the others within the window make one more at its end. A mass outage over a large fleet sends
 * a message per router; each open console then refetches a handful of times, not once per router.
 */
export function coalescedInvalidation(
  queryClient: QueryClient,
  windowMs = LIVE_REFETCH_WINDOW_MS,
  timers: LiveTimers = browserTimers,
): Invalidate {
  const now = invalidateIn(queryClient);
  /** Keys in a window, and whether a message came within it. */
  const open = new Map<string, { queryKey: readonly unknown[]; again: boolean }>();
  const closeWindow = (id: string) => {
    const window = open.get(id)!;
    if (!window.again) {
      open.delete(id);
      return;
    }
    window.again = false;
    now(window.queryKey);
    timers.setTimeout(() => closeWindow(id), windowMs);
  };
  return (queryKey) => {
    const id = JSON.stringify(queryKey);
    const window = open.get(id);
    if (window) {
      window.again = true;
      return;
    }
    open.set(id, { queryKey, again: false });
    now(queryKey);
    timers.setTimeout(() => closeWindow(id), windowMs);
  };
}

/** spec §4 "Live messages": refresh the affected queries; system_alert is only logged as a warning. */
export function applyLiveMessage(
  invalidate: Invalidate,
  message: LiveMessage,
  logger: Pick<Console, 'warn'> = console,
): void {
  switch (message.type) {
    case 'device_status_update':
      invalidate(queryKeys.devices.all);
      invalidate(queryKeys.stats.all);
      invalidate(queryKeys.groups.all); // a group's size counts devices by status, version...
      break;
    case 'job_update':
      invalidate(queryKeys.jobs.all);
      invalidate(queryKeys.stats.all);
      break;
    case 'bulk_operation_update':
      invalidate(queryKeys.jobs.operations);
      break;
    case 'stats_update':
      invalidate(queryKeys.stats.all);
      break;
    case 'system_alert':
      logger.warn('System alert', message.payload);
      break;
    default:
      break; // performance_update, connection_event: for subscribers (dashboard charts and feed)
  }
}

/**
 * One invalidation of a key `delayMs` after the last call for it: every call starts its wait again.
 */
export function trailingInvalidation(
  queryClient: QueryClient,
  delayMs: number,
  timers: LiveTimers = browserTimers,
): Invalidate {
  const now = invalidateIn(queryClient);
  const waiting = new Map<string, unknown>();
  return (queryKey) => {
    const id = JSON.stringify(queryKey);
    if (waiting.has(id)) timers.clearTimeout(waiting.get(id));
    waiting.set(
      id,
      timers.setTimeout(() => {
        waiting.delete(id);
        now(queryKey);
      }, delayMs),
    );
  };
}

/**
 * The Dashboard's "Real-time Activity" feed (issue 18): the server logs what these messages announce,
 * so each one refetches the feed (coalesced with the other queries: at most one refetch per window).
 * The server writes its log in batches, up to a second after the event (server services.ts), so a
 * burst's refetches can all come before its entries are stored: `settled` refetches the feed once
 * more, ACTIVITY_SETTLE_MS after the last of these messages.
 */
const ACTIVITY_MESSAGES = new Set(['job_update', 'device_status_update', 'system_alert', 'connection_event']);

export function refreshActivity(invalidate: Invalidate, message: LiveMessage, settled?: Invalidate): void {
  if (!ACTIVITY_MESSAGES.has(message.type)) return;
  invalidate(queryKeys.activity.all);
  settled?.(queryKeys.activity.all);
}

/**
 * Issue 21: a campaign_update carries the whole campaign. It replaces the cached campaign and its
 * entry in the list at once (no refetch: the server sends at most one a second per campaign), and
 * refetches what it does not carry, the campaign's routers and its progress, coalesced.
 */
export function applyCampaignUpdate(
  queryClient: QueryClient,
  invalidate: Invalidate,
  message: LiveMessage,
): void {
  if (message.type !== 'campaign_update') return;
  const campaign = message.payload as Campaign;
  if (typeof campaign?.id !== 'string') return;
  queryClient.setQueryData<{ campaign: Campaign }>(queryKeys.campaigns.detail(campaign.id), { campaign });
  const list = queryClient.getQueryData<{ campaigns: Campaign[] }>(queryKeys.campaigns.list());
  if (list && list.campaigns.some((c) => c.id === campaign.id)) {
    queryClient.setQueryData(queryKeys.campaigns.list(), {
      campaigns: list.campaigns.map((c) => (c.id === campaign.id ? campaign : c)),
    });
  } else invalidate(queryKeys.campaigns.list());
  invalidate(queryKeys.campaigns.devicesOf(campaign.id));
  invalidate(queryKeys.campaigns.progress(campaign.id));
}
