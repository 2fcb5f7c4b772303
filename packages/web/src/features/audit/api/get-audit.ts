import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryParams } from '@/lib/http-client';
import { queryKeys } from '@/lib/query-keys';
import type { AuditPage } from '@provisor/server/contract';

/** GET /api/audit: newest first, filtered and paged (admin only). */
export const getAudit = (params: QueryParams, signal?: AbortSignal) =>
  api.get<AuditPage>('/api/audit', { query: params, signal });

export const auditQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: queryKeys.audit.list(params),
    queryFn: ({ signal }) => getAudit(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAudit = (params: QueryParams) => useQuery(auditQueryOptions(params));
