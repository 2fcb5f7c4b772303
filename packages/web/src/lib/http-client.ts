import { HTTP_TIMEOUT_MS } from '@/config/constants';
import { ApiError, type ApiErrorBody } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** A JSON-serialisable value, or FormData for multipart uploads (sent as is). */
  body?: unknown;
  query?: QueryParams;
  headers?: HeadersInit;
  /** A caller's signal (e.g. TanStack Query's), combined with the timeout. */
  signal?: AbortSignal;
  /** How to read a successful answer; 'json' falls back to text when the answer is not JSON. */
  responseType?: 'json' | 'text' | 'blob';
}

export interface HttpClientOptions {
  /** spec §7: base path "/". */
  baseUrl?: string;
  /** spec §7: 10 s. */
  timeoutMs?: number;
  /** The bearer token of the stored session, if any. */
  getToken: () => string | null | undefined;
  /** Called on a 401 from any path outside /api/auth/ (spec §8). */
  /** With the server's reason, when it gave one, and the token the refused request carried. */
  onUnauthorized?: (message: string | undefined, token: string | null) => void;
  /** Called on a 403: the signed-in role may not do this (issue 22); `message` is the server's words. */
  onForbidden?: (method: HttpMethod, path: string, message: string) => void;
  /** Called whenever the server answered with a success status (the live channel takes it as a sign the server is back). */
  onAnswered?: () => void;
  fetch?: typeof fetch;
  logger?: Pick<Console, 'error'>;
}

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

const AUTH_PATH_PREFIX = '/api/auth/';

export function isAuthPath(path: string): boolean {
  return path.startsWith(AUTH_PATH_PREFIX);
}

function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  let url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
    const search = params.toString();
    if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

async function readBody(response: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text' || text === '') return text === '' ? undefined : text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const { error, message, errors } = value as Record<string, unknown>;
  return {
    ...(typeof error === 'string' ? { error } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(Array.isArray(errors) ? { errors: errors.filter((e): e is string => typeof e === 'string') } : {}),
  };
}

/** A small fetch wrapper: bearer auth, JSON bodies, a timeout, and one place for error handling (spec §7, §8). */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? '/';
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const logger = options.logger ?? console;

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers = new Headers(init.headers);
    headers.set('Accept', headers.get('Accept') ?? 'application/json');
    const token = options.getToken();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (init.body instanceof FormData) {
      body = init.body; // multipart: the browser sets the boundary
    } else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }

    const timeoutSignal = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeoutSignal]) : timeoutSignal;
    const url = buildUrl(baseUrl, path, init.query);

    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body, signal });
    } catch (cause) {
      if (init.signal?.aborted) throw cause; // cancelled by the caller: not an error of ours
      if (timeoutSignal.aborted) {
        logger.error(`Request timed out after ${timeoutMs} ms: ${method} ${path}`);
        throw new ApiError('TIMEOUT', 0, null, `Request timed out after ${timeoutMs} ms`);
      }
      logger.error(`Network error: ${method} ${path}`, cause);
      throw new ApiError('NETWORK', 0, null, 'Network error');
    }

    if (response.ok) {
      options.onAnswered?.();
      return (await readBody(response, init.responseType)) as T;
    }

    const errorBody = toErrorBody(await readBody(response, 'json').catch(() => undefined));
    if (response.status === 401 && !isAuthPath(path))
      options.onUnauthorized?.(errorBody?.message, token ?? null);
    if (response.status === 403)
      options.onForbidden?.(method, path, errorBody?.message ?? errorBody?.error ?? 'Forbidden');
    if (response.status >= 500) logger.error(`Server error ${response.status}: ${method} ${path}`, errorBody);
    throw new ApiError(
      'HTTP',
      response.status,
      errorBody,
      errorBody?.message ?? errorBody?.error ?? `Request failed with status ${response.status}`,
    );
  }

  return {
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    put: (path, body, init) => request('PUT', path, { ...init, body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, body }),
    delete: (path, init) => request('DELETE', path, init),
  };
}
