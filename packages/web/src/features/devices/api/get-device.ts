import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Device } from '@provisor/server/contract';
import { DEVICES_REFETCH_MS } from './get-devices';

export const getDevice = async (id: string, signal?: AbortSignal): Promise<Device> =>
  (await api.get<{ device: Device }>(`/api/devices/${encodeURIComponent(id)}`, { signal })).device;

export const deviceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.devices.detail(id),
    queryFn: ({ signal }) => getDevice(id, signal),
    refetchInterval: DEVICES_REFETCH_MS,
  });

export const useDevice = (id: string) => useQuery(deviceQueryOptions(id));
