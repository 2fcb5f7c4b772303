import type { JobStatus } from '@provisor/server/contract';

export const isJobFinished = (status: JobStatus): boolean =>
  status === 'completed' || status === 'failed' || status === 'cancelled';
