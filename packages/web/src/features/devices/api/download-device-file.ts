import { api } from '@/lib/api-client';
import type { JobAnswer } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

export interface DownloadDeviceFileInput extends DeviceRef {
  /** The file on the device to fetch (CWMP Upload); it lands in the device's files. */
  filePath: string;
}

export const downloadDeviceFile = ({ deviceId, filePath }: DownloadDeviceFileInput) =>
  api.post<JobAnswer>(devicePath(deviceId, 'download-file'), { filePath });

export const useDownloadDeviceFile = () => useJobMutation(downloadDeviceFile);
