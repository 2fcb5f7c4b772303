import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupList } from '@provisor/server/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getBackups = (signal?: AbortSignal) => api.get<BackupList>('/api/settings/backups', { signal });

export const backupsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.settings.backups(), queryFn: ({ signal }) => getBackups(signal) });

export const useBackups = () => useQuery(backupsQueryOptions());
