import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Device, DeviceList } from '@provisor/server/contract';

/**
 * A job names its device by id; the panel shows the serial. Serials never change, so each is asked
 * once (queryKeys.deviceSerials, outside ['devices'], which every status change refreshes).
 */
export const deviceSerialQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.deviceSerials.one(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ device: Device }>(`/api/devices/${encodeURIComponent(id)}`, { signal })).device
        .serialNumber,
    staleTime: Infinity,
    retry: false,
  });

export const useDeviceSerial = (id: string) => useQuery(deviceSerialQueryOptions(id)).data;

/** The device whose serial is exactly `serial` (any case), for the jobs panel's device filter. */
export async function findDeviceBySerial(serial: string): Promise<Device | null> {
  const list = await api.get<DeviceList>('/api/devices', { query: { search: serial, limit: 20, offset: 0 } });
  return list.devices.find((d) => d.serialNumber.toLowerCase() === serial.toLowerCase()) ?? null;
}

/** The device of an exact serial; null data when there is none; idle for an empty serial. */
export const useDeviceBySerial = (serial: string) =>
  useQuery({
    queryKey: queryKeys.deviceSerials.bySerial(serial),
    queryFn: () => findDeviceBySerial(serial),
    enabled: serial !== '',
    staleTime: Infinity,
  });
