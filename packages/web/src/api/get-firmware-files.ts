import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { StoredFileList } from '@provisor/server/contract';

/** The firmware images in the file store (the Provisioning Firmware tab's picker, a campaign's file). */
export const getFirmwareFiles = (signal?: AbortSignal) =>
  api.get<StoredFileList>('/api/files', { query: { kind: 'firmware', limit: 1000, offset: 0 }, signal });

export const firmwareFilesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.files.list({ kind: 'firmware' }),
    queryFn: ({ signal }) => getFirmwareFiles(signal),
  });

export const useFirmwareFiles = () => useQuery(firmwareFilesQueryOptions());
