import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TemplateList } from '@provisor/server/contract';

/** spec §9: templates are listed 100 at a time (the Templates screen shares this cache entry). */
const TEMPLATES_LIMIT = 100;

export const getImportTemplates = (signal?: AbortSignal) =>
  api.get<TemplateList>('/api/templates', { query: { limit: TEMPLATES_LIMIT, offset: 0 }, signal });

export const importTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates.list({ limit: TEMPLATES_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getImportTemplates(signal),
  });

export const useImportTemplates = () => useQuery(importTemplatesQueryOptions());
