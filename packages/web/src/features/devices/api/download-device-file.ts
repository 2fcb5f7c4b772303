import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

export interface DownloadDeviceFileInput extends DeviceRef {
  /** The file on the device to fetch (CWMP Upload); it lands in the device's files. */
  filePath: string;
  /** The TR-069 Upload FileType: the class of file asked for (the path picks the instance). */
  fileType: string;
}

export const downloadDeviceFile = ({ deviceId, filePath, fileType }: DownloadDeviceFileInput) =>
  api.post<JobAnswer>(devicePath(deviceId, 'download-file'), { filePath, fileType });

export const useDownloadDeviceFile = () => useJobMutation(downloadDeviceFile);
