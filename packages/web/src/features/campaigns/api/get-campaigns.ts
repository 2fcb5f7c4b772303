import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Campaign } from '@provisor/server/contract';

/** GET /api/campaigns: every campaign, newest first; kept live by campaign_update (lib/live-messages.ts). */
export const getCampaigns = (signal?: AbortSignal) =>
  api.get<{ campaigns: Campaign[] }>('/api/campaigns', { signal });

export const campaignsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.campaigns.list(), queryFn: ({ signal }) => getCampaigns(signal) });

export const useCampaigns = () => useQuery(campaignsQueryOptions());
