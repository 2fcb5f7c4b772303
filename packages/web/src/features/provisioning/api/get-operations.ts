import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BulkOperationList } from '@provisor/server/contract';

export const OPERATIONS_SHOWN = 5;

export function getOperations(limit: number, signal?: AbortSignal): Promise<BulkOperationList> {
  return api.get<BulkOperationList>('/api/provisioning/operations', { query: { limit, offset: 0 }, signal });
}

/** The latest bulk operations with their counts; bulk_operation_update (live) refreshes them. */
export const operationsQueryOptions = (limit = OPERATIONS_SHOWN) =>
  queryOptions({
    queryKey: queryKeys.jobs.operationList({ limit }),
    queryFn: ({ signal }) => getOperations(limit, signal),
    placeholderData: keepPreviousData,
  });

export const useOperations = (limit?: number) => useQuery(operationsQueryOptions(limit));
