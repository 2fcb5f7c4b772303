import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Campaign } from '@provisor/server/contract';

/** GET /api/campaigns/:id; each campaign_update replaces it in the cache (lib/live-messages.ts). */
export const getCampaign = (id: string, signal?: AbortSignal) =>
  api.get<{ campaign: Campaign }>(`/api/campaigns/${encodeURIComponent(id)}`, { signal });

export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.campaigns.detail(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
  });

export const useCampaign = (id: string) => useQuery(campaignQueryOptions(id));
