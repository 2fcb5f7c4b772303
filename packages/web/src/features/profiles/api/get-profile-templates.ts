import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Template } from '@provisor/server/contract';
import { queryKeys } from '@/lib/query-keys';

/** A template as the profile form reads it: its schema drives the value inputs (spec §5 Profile). */
export type ProfileTemplate = Pick<Template, 'id' | 'name' | 'vendor' | 'model' | 'mapping' | 'schema'>;

/** spec §9: templates are listed 100 at a time (the Templates screen shares this cache entry). */
const TEMPLATES_LIMIT = 100;

export const getProfileTemplates = (signal?: AbortSignal) =>
  api.get<{ templates: ProfileTemplate[] }>('/api/templates', {
    query: { limit: TEMPLATES_LIMIT, offset: 0 },
    signal,
  });

export const profileTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates.list({ limit: TEMPLATES_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getProfileTemplates(signal),
    select: (answer) => answer.templates,
  });

export const useProfileTemplates = () => useQuery(profileTemplatesQueryOptions());
