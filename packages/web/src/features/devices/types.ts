// The server's answers for devices, jobs and files (packages/server/src/modules/{devices,jobs,files}).

export type DeviceStatus = 'online' | 'offline' | 'provisioning' | 'error';

export const DEVICE_STATUSES: readonly DeviceStatus[] = ['online', 'offline', 'provisioning', 'error'];

export interface Device {
  id: string;
  serialNumber: string;
  oui: string;
  productClass: string;
  manufacturer?: string;
  vendor?: string;
  model?: string;
  softwareVersion: string;
  hardwareVersion?: string;
  status: DeviceStatus;
  lastInformAt: string | null;
  lastEvents?: string[];
  externalIp?: string;
  connectionRequestUrl?: string;
  connectionRequestUsername?: string;
  /** Passwords are write-only: the server says only whether one is set. */
  connectionRequestPasswordSet?: boolean;
  cwmpUsername?: string;
  cwmpPasswordSet?: boolean;
  periodicInformInterval?: number;
  assignedProfileId: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface DeviceList {
  devices: Device[];
  total: number;
  limit: number;
  offset: number;
}

export interface DeviceParameter {
  name: string;
  value: string;
  /** The stored xsd type, e.g. "string", "unsignedInt" (sent back unchanged on a write). */
  type: string;
  writable?: boolean;
}

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface Job {
  id: string;
  deviceId: string;
  type: string;
  status: JobStatus;
  params?: Record<string, unknown>;
  attempts?: number;
  error: string | null;
  faultCode?: number | null;
  result?: unknown;
  createdAt?: string;
  startedAt?: string | null;
  finishedAt?: string | null;
  expiresAt?: string;
}

/** Every device action answers with the job it created; the device carries it out in its next session. */
export interface JobAnswer {
  success: boolean;
  job: Job;
}

export type DeviceFileKind = 'backup' | 'log' | 'config' | 'firmware' | 'other';

export interface DeviceFile {
  id: string;
  kind: DeviceFileKind;
  name: string;
  size: number;
  sha256?: string;
  contentType?: string;
  deviceId: string | null;
  jobId?: string | null;
  createdAt: string;
  downloadUrl: string;
}

export type ConnectionTestOutcome =
  | 'reachable'
  | 'auth-failed'
  | 'refused'
  | 'timeout'
  | 'unavailable'
  | 'rate-limited'
  | 'no-url'
  | 'blocked'
  | 'disabled'
  | 'error';

export interface ConnectionTestResult {
  success: boolean;
  outcome: ConnectionTestOutcome;
  status?: number;
  durationMs: number;
  message: string;
}

export const isJobFinished = (status: JobStatus): boolean =>
  status === 'completed' || status === 'failed' || status === 'cancelled';
