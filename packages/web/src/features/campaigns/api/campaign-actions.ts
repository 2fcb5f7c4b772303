import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Campaign } from '@provisor/server/contract';

export type CampaignAction = 'pause' | 'resume' | 'cancel' | 'retry-failed';

/** POST /api/campaigns/:id/pause|resume|cancel|retry-failed: answers the campaign as it now stands. */
export const runCampaignAction = ({ id, action }: { id: string; action: CampaignAction }) =>
  api.post<{ campaign: Campaign }>(`/api/campaigns/${encodeURIComponent(id)}/${action}`);

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCampaignAction,
    onSuccess: (answer, { id }) => {
      if (answer?.campaign) queryClient.setQueryData(queryKeys.campaigns.detail(id), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
    },
  });
}
