// The server's value sets this screen lists, in the console's order (lib/every-value.ts says why).
import type { JobStatus, JobType } from '@provisor/server/contract';
import { everyValue } from '@/lib/every-value';

export const JOB_STATUSES = everyValue<JobStatus>()([
  'pending',
  'running',
  'completed',
  'failed',
  'cancelled',
]);
export const isJobStatus = (value: string): value is JobStatus => JOB_STATUSES.some((s) => s === value);

export const JOB_TYPES = everyValue<JobType>()([
  'set-parameters',
  'get-parameters',
  'refresh',
  'add-object',
  'delete-object',
  'reboot',
  'factory-reset',
  'schedule-inform',
  'firmware-upgrade',
  'download-file',
  'upload-file',
  'backup-config',
  'restore-config',
  'apply-profile',
  'set-connection-credentials',
  'discover-tree',
]);
export const isJobType = (value: string): value is JobType => JOB_TYPES.some((t) => t === value);
