import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Campaign, CampaignInput } from '@provisor/server/contract';

/** POST /api/campaigns: created and started at once. */
export const createCampaign = (input: CampaignInput) =>
  api.post<{ campaign: Campaign }>('/api/campaigns', input);

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.list() }),
  });
}
