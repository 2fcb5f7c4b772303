import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { JobList, ListJobsQuery } from '@provisor/server/contract';

export const JOBS_PAGE_SIZE = 20;

export type JobsQuery = Partial<ListJobsQuery>;

export function getJobs(query: JobsQuery, signal?: AbortSignal): Promise<JobList> {
  const { status, type, deviceId, operationId, limit = JOBS_PAGE_SIZE, offset = 0 } = query;
  return api.get<JobList>('/api/provisioning/jobs', {
    query: { status, type, deviceId, operationId, limit, offset },
    signal,
  });
}

/** Recent jobs, newest first; job_update (live) refreshes them under ['jobs']. */
export const jobsQueryOptions = (query: JobsQuery, enabled = true) =>
  queryOptions({
    queryKey: queryKeys.jobs.list({ ...query }),
    queryFn: ({ signal }) => getJobs(query, signal),
    // A filter change keeps the rows (and a dialog open on one) until the new answer arrives.
    placeholderData: keepPreviousData,
    enabled,
  });

/** `enabled` false while a filter is still being resolved (a serial to its device). */
export const useJobs = (query: JobsQuery, enabled?: boolean) => useQuery(jobsQueryOptions(query, enabled));
