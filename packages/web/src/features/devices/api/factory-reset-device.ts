import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

// POST /api/devices/{id}/factory-reset (spec §7).
export const factoryResetDevice = ({ deviceId }: DeviceRef) =>
  api.post<JobAnswer>(devicePath(deviceId, 'factory-reset'));

export const useFactoryResetDevice = () => useJobMutation(factoryResetDevice);
