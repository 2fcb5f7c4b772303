import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DeviceParameter } from '@provisor/server/contract';

/** The stored parameter tree, sorted by name. */
export const getDeviceParameters = async (id: string, signal?: AbortSignal): Promise<DeviceParameter[]> =>
  (
    await api.get<{ parameters: DeviceParameter[] }>(`/api/devices/${encodeURIComponent(id)}/parameters`, {
      signal,
    })
  ).parameters;

export const deviceParametersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.devices.parameters(id),
    queryFn: ({ signal }) => getDeviceParameters(id, signal),
  });

export const useDeviceParameters = (id: string) => useQuery(deviceParametersQueryOptions(id));
