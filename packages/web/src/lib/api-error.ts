import type { InvalidTemplateBody } from '@provisor/server/contract';

/**
 * The JSON error body every API route answers with on failure (`errors`: every problem, when the
 * server lists them, as template and import checks do). Partial: a proxy in between may answer too.
 */
export type ApiErrorBody = Partial<InvalidTemplateBody>;

/** HTTP: the server answered with a non-2xx status. TIMEOUT / NETWORK: no answer (status 0). */
export type ApiErrorKind = 'HTTP' | 'TIMEOUT' | 'NETWORK';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status, or 0 when the request got no answer. */
  readonly status: number;
  /** The server's JSON `{error, message}` body, when there was one. */
  readonly body: ApiErrorBody | null;

  constructor(kind: ApiErrorKind, status: number, body: ApiErrorBody | null, message: string) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.body = body;
  }

  /** The server's `error` field (spec §8: "Server error messages are shown when present"). */
  get serverError(): string | undefined {
    return this.body?.error;
  }

  get serverMessage(): string | undefined {
    return this.body?.message;
  }

  /** The server's list of problems, when it sent one. */
  get serverErrors(): string[] {
    return this.body?.errors ?? [];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The message to show for a failed call: the server's `error` field if present, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverError) || fallback;
}

/**
 * What went wrong, in the server's words when it gave any (spec §8: "Server error messages are
 * shown when present"): its short `error` and its `message` saying what to fix.
 */
export function serverDetail(error: unknown): string | undefined {
  if (!isApiError(error)) return error instanceof Error ? error.message : undefined;
  if (error.kind !== 'HTTP') return undefined; // no answer: the caller's own words say it
  const parts = [error.serverError, error.serverMessage].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(': ') : error.message;
}
