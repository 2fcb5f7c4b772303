import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { ApiError } from './api-error';
import { createHttpClient } from './http-client';

const quietLogger = () => ({ error: vi.fn() });

describe('http client', () => {
  it('adds the bearer token of the stored session', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { ok: true }));
    const http = createHttpClient({ getToken: () => 'jwt-1' });

    await expect(
      http.get('/api/devices', { query: { limit: 100, offset: 0, status: undefined } }),
    ).resolves.toEqual({
      ok: true,
    });

    expect(fetch.requests[0]?.url).toBe('/api/devices?limit=100&offset=0');
    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('keeps an Authorization header that is already set, and sends none without a session', async () => {
    const fetch = stubFetch(() => jsonResponse(200, {}));
    await createHttpClient({ getToken: () => 'jwt-1' }).get('/api/x', {
      headers: { Authorization: 'Bearer other' },
    });
    await createHttpClient({ getToken: () => null }).get('/api/x');

    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer other');
    expect(fetch.requests[1]?.headers.has('Authorization')).toBe(false);
  });

  it('sends JSON bodies, and FormData as is (multipart)', async () => {
    const fetch = stubFetch(() => jsonResponse(200, {}));
    const http = createHttpClient({ getToken: () => null });
    const form = new FormData();
    form.append('targetPath', '/tmp');

    await http.post('/api/devices/register', { serialNumber: 'SN1' });
    await http.post('/api/devices/1/upload-file', form);

    expect(fetch.requests[0]?.body).toBe('{"serialNumber":"SN1"}');
    expect(fetch.requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(fetch.requests[1]?.body).toBe(form);
    expect(fetch.requests[1]?.headers.has('Content-Type')).toBe(false);
  });

  it('times out after 10000 ms by default', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    stubFetch(() => jsonResponse(200, {}));
    await createHttpClient({ getToken: () => null }).get('/api/stats');
    expect(timeout).toHaveBeenCalledWith(10_000);
  });

  it('aborts a request that outlives the timeout and throws a TIMEOUT ApiError (logged only)', async () => {
    const fetch = stubFetch(
      ({ signal }) =>
        new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const logger = quietLogger();
    const http = createHttpClient({ getToken: () => null, timeoutMs: 20, logger });

    const error = await http.get('/api/stats').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'TIMEOUT', status: 0 });
    expect(fetch.requests[0]?.signal?.aborted).toBe(true);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('timed out'));
  });

  it('throws an ApiError with the status and the server JSON {error, message}', async () => {
    stubFetch(() => jsonResponse(409, { error: 'Duplicate', message: 'Serial exists', extra: 1 }));
    const error = await createHttpClient({ getToken: () => null })
      .post('/api/templates', {})
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'HTTP',
      status: 409,
      body: { error: 'Duplicate', message: 'Serial exists' },
    });
    expect((error as ApiError).serverError).toBe('Duplicate');
  });

  it('logs status 500 and above as a server error', async () => {
    stubFetch(() => jsonResponse(503, { error: 'Unavailable' }));
    const logger = quietLogger();
    await createHttpClient({ getToken: () => null, logger })
      .get('/api/stats')
      .catch(() => undefined);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('Server error 503'), {
      error: 'Unavailable',
    });
  });

  it('logs network errors and throws a NETWORK ApiError', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const logger = quietLogger();
    const error = await createHttpClient({ getToken: () => null, logger })
      .get('/api/stats')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'NETWORK', status: 0 });
    expect(logger.error).toHaveBeenCalled();
  });

  it('reports a 401 on a non-auth path, but not on /api/auth/*', async () => {
    stubFetch(() => jsonResponse(401, { error: 'Unauthorized' }));
    const onUnauthorized = vi.fn();
    const http = createHttpClient({ getToken: () => 'jwt', onUnauthorized });

    await http.post('/api/auth/login', { username: 'a', password: 'b' }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();

    await http.get('/api/devices').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(undefined, 'jwt');

    // The server's reason goes with it.
    stubFetch(() =>
      jsonResponse(401, { error: 'Unauthorized', message: 'The session has expired; sign in again.' }),
    );
    await http.get('/api/devices').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenLastCalledWith('The session has expired; sign in again.', 'jwt');
  });

  it('answers undefined for 204 No Content', async () => {
    stubFetch(() => jsonResponse(204));
    await expect(
      createHttpClient({ getToken: () => null }).post('/api/auth/logout'),
    ).resolves.toBeUndefined();
  });
});
