import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CampaignProgress } from '@provisor/server/contract';

/** GET /api/campaigns/:id/progress: upgraded and failed over time, for the chart. */
export const getCampaignProgress = (id: string, signal?: AbortSignal) =>
  api.get<CampaignProgress>(`/api/campaigns/${encodeURIComponent(id)}/progress`, { signal });

export const campaignProgressQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.campaigns.progress(id),
    queryFn: ({ signal }) => getCampaignProgress(id, signal),
  });

export const useCampaignProgress = (id: string) => useQuery(campaignProgressQueryOptions(id));
