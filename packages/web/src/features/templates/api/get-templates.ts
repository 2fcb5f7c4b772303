import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TemplateList } from '@provisor/server/contract';

/** spec §7 / §9: the template list is asked for 100 at a time from offset 0. */
export const TEMPLATES_LIMIT = 100;

export function getTemplates(signal?: AbortSignal): Promise<TemplateList> {
  return api.get<TemplateList>('/api/templates', { query: { limit: TEMPLATES_LIMIT, offset: 0 }, signal });
}

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates.list({ limit: TEMPLATES_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getTemplates(signal),
  });

export const useTemplates = () => useQuery(templatesQueryOptions());
