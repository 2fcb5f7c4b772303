import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CampaignDevice } from '@provisor/server/contract';

export const FAILURES_PAGE_SIZE = 20;

export interface CampaignDevicesParams {
  state?: 'pending' | 'upgrading' | 'upgraded' | 'failed';
  limit: number;
  offset: number;
}

/** GET /api/campaigns/:id/devices?state=&limit=&offset=: a campaign's routers, e.g. the failed ones. */
export const getCampaignDevices = (id: string, params: CampaignDevicesParams, signal?: AbortSignal) =>
  api.get<{ devices: CampaignDevice[]; total: number }>(`/api/campaigns/${encodeURIComponent(id)}/devices`, {
    query: { ...params },
    signal,
  });

export const campaignDevicesQueryOptions = (id: string, params: CampaignDevicesParams) =>
  queryOptions({
    queryKey: queryKeys.campaigns.devices(id, { ...params }),
    queryFn: ({ signal }) => getCampaignDevices(id, params, signal),
    placeholderData: keepPreviousData,
  });

export const useCampaignDevices = (id: string, params: CampaignDevicesParams) =>
  useQuery(campaignDevicesQueryOptions(id, params));
