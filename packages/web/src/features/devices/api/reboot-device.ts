import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

// POST /api/devices/{id}/reboot (spec §7).
export const rebootDevice = ({ deviceId }: DeviceRef) => api.post<JobAnswer>(devicePath(deviceId, 'reboot'));

export const useRebootDevice = () => useJobMutation(rebootDevice);
