import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Job } from '@provisor/server/contract';
import { isJobFinished } from '../lib/job-status';

export const DEVICE_JOBS_LIMIT = 50;
/** While a job is under way, ask again now and then even if the live channel is down. */
const ACTIVE_JOBS_POLL_MS = 5_000;

/** Newest first. */
export const getDeviceJobs = async (id: string, signal?: AbortSignal): Promise<Job[]> =>
  (
    await api.get<{ jobs: Job[] }>(`/api/devices/${encodeURIComponent(id)}/jobs`, {
      query: { limit: DEVICE_JOBS_LIMIT },
      signal,
    })
  ).jobs;

export const deviceJobsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.devices.jobs(id),
    queryFn: ({ signal }) => getDeviceJobs(id, signal),
    refetchInterval: (query) =>
      query.state.data?.some((job) => !isJobFinished(job.status)) ? ACTIVE_JOBS_POLL_MS : false,
  });

export const useDeviceJobs = (id: string) => useQuery(deviceJobsQueryOptions(id));
