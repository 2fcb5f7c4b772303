import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSettings, SettingsInput } from '@provisor/server/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** spec §7: PUT /api/settings; the answer has requiresRestart and the settings as they now are. */
export const saveSettings = (body: SettingsInput) => api.put<SavedSettings>('/api/settings', body);

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.settings.all, saved.settings),
  });
}
