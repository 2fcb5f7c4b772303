import type { DeviceStats } from '@/api/get-stats';
import { jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import type { Device, Job } from '@provisor/server/contract';
import { makeDevice } from '@/test/devices';

export { makeDevice };

/** A job as the server answers it; the fields a test names, the rest as a fresh job has them. */
export function makeJob(overrides: Pick<Job, 'id' | 'deviceId' | 'type' | 'status'> & Partial<Job>): Job {
  return {
    params: {},
    attempts: 1,
    error: null,
    faultCode: null,
    result: null,
    createdAt: '2025-03-04T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    expiresAt: '2025-03-05T10:00:00.000Z',
    operationId: null,
    ...overrides,
  };
}

export const STATS: DeviceStats = {
  totalDevices: 250,
  onlineDevices: 200,
  provisioningDevices: 7,
  errorDevices: 3,
  pendingJobs: 0,
  completedJobs: 0,
  failedJobs: 0,
};

/** The path and query of a recorded request. */
export function parse(request: RecordedRequest) {
  const url = new URL(request.url, 'http://console.test');
  return { path: url.pathname, query: url.searchParams, method: request.method };
}

/** A device list answer that pages through `all` as the server would. */
export function listAnswer(all: Device[], request: RecordedRequest) {
  const { query } = parse(request);
  const limit = Number(query.get('limit') ?? 100);
  const offset = Number(query.get('offset') ?? 0);
  return jsonResponse(200, { devices: all.slice(offset, offset + limit), total: all.length, limit, offset });
}

/**
 * A device list answer with cursors (issue 24), as the server pages: `after`/`before` a device's
 * cursor (here `c:` and its serial number), or by offset; nextCursor and prevCursor null at the ends.
 */
export function cursorListAnswer(all: Device[], request: RecordedRequest) {
  const { query } = parse(request);
  const limit = Number(query.get('limit') ?? 100);
  const at = (cursor: string) => all.findIndex((d) => `c:${d.serialNumber}` === cursor);
  const after = query.get('after');
  const before = query.get('before');
  let start = Number(query.get('offset') ?? 0);
  if (after) start = at(after) + 1;
  if (before) start = Math.max(0, at(before) - limit);
  const end = before ? at(before) : start + limit;
  const devices = all.slice(start, end);
  return jsonResponse(200, {
    devices,
    total: all.length,
    limit,
    offset: after || before ? 0 : start,
    prevCursor: start > 0 && devices.length ? `c:${devices[0]!.serialNumber}` : null,
    nextCursor: end < all.length && devices.length ? `c:${devices.at(-1)!.serialNumber}` : null,
  });
}

export const bodyOf = (request: RecordedRequest | undefined): unknown => JSON.parse(String(request?.body));
