import { useMutation } from '@tanstack/react-query';
import type { SettingsTestInput, SettingsTestResult } from '@provisor/server/contract';
import { api } from '@/lib/api-client';

/** spec §7: POST /api/settings/test with type (and, for a connection request, the device). */
export const testSettings = (body: SettingsTestInput) =>
  api.post<SettingsTestResult>('/api/settings/test', body);

export const useTestSettings = () => useMutation({ mutationFn: testSettings });
