import { isApiError } from '@/lib/api-error';

/**
 * What went wrong, in the server's words when it gave any (spec §8: "Server error messages are
 * shown when present"): its short `error` and its `message` saying what to do.
 */
export function serverDetail(error: unknown): string | undefined {
  if (!isApiError(error)) return error instanceof Error ? error.message : undefined;
  const parts = [error.serverError, error.serverMessage].filter((part): part is string => Boolean(part));
  if (parts.length > 0) return parts.join(': ');
  return error.message;
}
