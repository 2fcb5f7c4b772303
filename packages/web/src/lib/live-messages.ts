// Live channel messages (spec §3 "Live message") and what each one does to cached server data (spec §4).
// The payloads are the server's (its contract, contract/live.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage as KnownLiveMessage } from '@provisor/server/contract';
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

/** spec §4 "Live messages": refresh the affected queries; system_alert is only logged as a warning. */
export function applyLiveMessage(
  queryClient: QueryClient,
  message: LiveMessage,
  logger: Pick<Console, 'warn'> = console,
): void {
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  switch (message.type) {
    case 'device_status_update':
      invalidate(queryKeys.devices.all);
      invalidate(queryKeys.stats.all);
      break;
    case 'job_update':
      invalidate(queryKeys.jobs.all);
      invalidate(queryKeys.stats.all);
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
