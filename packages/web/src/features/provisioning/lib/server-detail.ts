import { isApiError } from '@/lib/api-error';

/**
 * What went wrong, in the server's words when it gave any (spec §8: "Server error messages are
 * shown when present"): its short `error` and its `message` saying what to fix.
 */
export function serverDetail(error: unknown): string | undefined {
  if (!isApiError(error)) return error instanceof Error ? error.message : undefined;
  if (error.kind !== 'HTTP') return undefined; // no answer: the banner's own words say it
  const parts = [error.serverError, error.serverMessage].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(': ') : error.message;
}
