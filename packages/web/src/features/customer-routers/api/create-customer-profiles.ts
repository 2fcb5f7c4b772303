import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BulkCreateResult, ProfileInput } from '@provisor/server/contract';

/** spec §7: POST /api/profiles/bulk-create with profiles (name, templateId, values). */
export const createCustomerProfiles = (profiles: ProfileInput[]) =>
  api.post<BulkCreateResult>('/api/profiles/bulk-create', { profiles });

export function useCreateCustomerProfiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomerProfiles,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
  });
}
