import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { StoredFile } from '@provisor/server/contract';

/** Backups, logs and uploads the device sent, and files uploaded for it. */
export const getDeviceFiles = async (id: string, signal?: AbortSignal): Promise<StoredFile[]> =>
  (await api.get<{ files: StoredFile[] }>(`/api/devices/${encodeURIComponent(id)}/files`, { signal })).files;

export const deviceFilesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.devices.files(id),
    queryFn: ({ signal }) => getDeviceFiles(id, signal),
  });

export const useDeviceFiles = (id: string) => useQuery(deviceFilesQueryOptions(id));
