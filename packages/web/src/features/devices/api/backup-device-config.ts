import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

// POST /api/devices/{id}/backup-config (spec §7): the device uploads its configuration as a backup file.
export const backupDeviceConfig = ({ deviceId }: DeviceRef) =>
  api.post<JobAnswer>(devicePath(deviceId, 'backup-config'));

export const useBackupDeviceConfig = () => useJobMutation(backupDeviceConfig);
