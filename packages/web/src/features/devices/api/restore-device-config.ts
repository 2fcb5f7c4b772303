import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

export interface RestoreDeviceConfigInput extends DeviceRef {
  configFile: File;
}

// spec §7: multipart with `configFile`.
export const restoreDeviceConfig = ({ deviceId, configFile }: RestoreDeviceConfigInput) => {
  const form = new FormData();
  form.append('configFile', configFile, configFile.name);
  return api.post<JobAnswer>(devicePath(deviceId, 'restore-config'), form);
};

export const useRestoreDeviceConfig = () => useJobMutation(restoreDeviceConfig);
