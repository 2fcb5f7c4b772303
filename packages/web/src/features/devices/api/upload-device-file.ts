import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

export interface UploadDeviceFileInput extends DeviceRef {
  file: File;
  /** Where the file goes on the device. */
  targetPath: string;
  /** The TR-069 Download FileType: what the device does with the file. */
  fileType: string;
}

// spec §7: multipart with `file` and `targetPath` (and the FileType); the device fetches the file
// (CWMP Download).
export const uploadDeviceFile = ({ deviceId, file, targetPath, fileType }: UploadDeviceFileInput) => {
  const form = new FormData();
  form.append('targetPath', targetPath);
  form.append('fileType', fileType);
  form.append('file', file, file.name);
  return api.post<JobAnswer>(devicePath(deviceId, 'upload-file'), form);
};

export const useUploadDeviceFile = () => useJobMutation(uploadDeviceFile);
