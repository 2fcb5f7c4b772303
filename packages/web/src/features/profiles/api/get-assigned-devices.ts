import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Device } from '@provisor/server/contract';
import { queryKeys } from '@/lib/query-keys';

/** What the profile list shows of the device a profile is assigned to. */
export type AssignedDevice = Pick<Device, 'id' | 'serialNumber' | 'status' | 'assignedProfileId'>;

/** spec §7 / §9: screens other than Devices ask for 1000 devices from offset 0. */
const DEVICES_LIMIT = 1000;

export const getAssignedDevices = (signal?: AbortSignal) =>
  api.get<{ devices: AssignedDevice[] }>('/api/devices', {
    query: { limit: DEVICES_LIMIT, offset: 0 },
    signal,
  });

/** The devices keyed by the profile assigned to them ("Assigned to: serial (status)"). */
export const assignedDevicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.devices.list({ limit: DEVICES_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getAssignedDevices(signal),
    select: (answer) => {
      const byProfile = new Map<string, AssignedDevice>();
      for (const device of answer.devices) {
        if (device.assignedProfileId && !byProfile.has(device.assignedProfileId))
          byProfile.set(device.assignedProfileId, device);
      }
      return byProfile;
    },
  });

export const useAssignedDevices = () => useQuery(assignedDevicesQueryOptions());
