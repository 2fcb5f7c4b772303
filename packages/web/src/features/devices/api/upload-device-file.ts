import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

export interface UploadDeviceFileInput extends DeviceRef {
  file: File;
  /** Where the file goes on the device. */
  targetPath: string;
}

// spec §7: multipart with `file` and `targetPath`; the device fetches the file (CWMP Download).
export const uploadDeviceFile = ({ deviceId, file, targetPath }: UploadDeviceFileInput) => {
  const form = new FormData();
  form.append('targetPath', targetPath);
  form.append('file', file, file.name);
  return api.post<JobAnswer>(devicePath(deviceId, 'upload-file'), form);
};

export const useUploadDeviceFile = () => useJobMutation(uploadDeviceFile);
