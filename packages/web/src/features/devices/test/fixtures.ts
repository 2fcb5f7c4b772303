import type { DeviceStats } from '@/api/get-stats';
import { jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import type { Device, Job } from '@provisor/server/contract';

export function makeDevice(index: number, overrides: Partial<Device> = {}): Device {
  const serial = `SN${String(index).padStart(5, '0')}`;
  return {
    id: `dev-${index}`,
    serialNumber: serial,
    oui: '00259E',
    productClass: 'EG8145V5',
    manufacturer: 'Huawei',
    vendor: 'Huawei',
    model: 'EG8145V5',
    softwareVersion: 'V5R020C10S115',
    hardwareVersion: '15AD.A',
    status: 'online',
    lastInformAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    lastEvents: ['2 PERIODIC'],
    externalIp: '',
    connectionRequestUrl: `http://192.0.2.${index % 250}:7547/`,
    connectionRequestUsername: '',
    connectionRequestPasswordSet: false,
    cwmpUsername: '',
    cwmpPasswordSet: false,
    periodicInformInterval: 300,
    assignedProfileId: null,
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

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

export const bodyOf = (request: RecordedRequest | undefined): unknown => JSON.parse(String(request?.body));
