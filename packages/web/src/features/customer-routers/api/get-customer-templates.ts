import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TemplateList } from '@provisor/server/contract';
import { isCustomerTemplate } from '../lib/customer-templates';

/** spec §9: templates are listed 100 at a time (the Templates screen shares this cache entry). */
const TEMPLATES_LIMIT = 100;

export const getTemplates = (signal?: AbortSignal) =>
  api.get<TemplateList>('/api/templates', { query: { limit: TEMPLATES_LIMIT, offset: 0 }, signal });

/** Only the customer routers' templates (spec §2 Customer Routers). */
export const customerTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates.list({ limit: TEMPLATES_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getTemplates(signal),
    select: (answer) => answer.templates.filter(isCustomerTemplate),
  });

export const useCustomerTemplates = () => useQuery(customerTemplatesQueryOptions());
