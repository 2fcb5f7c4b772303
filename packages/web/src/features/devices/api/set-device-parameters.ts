import { api } from '@/lib/api-client';
import type { JobAnswer } from '../types';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

export interface ParameterWrite {
  name: string;
  value: string;
  /** The stored type of the parameter, so the device gets the value typed as it expects. */
  type?: string;
}

export interface SetDeviceParametersInput extends DeviceRef {
  parameters: ParameterWrite[];
}

export const setDeviceParameters = ({ deviceId, parameters }: SetDeviceParametersInput) =>
  api.post<JobAnswer>(devicePath(deviceId, 'set-parameters'), { parameters });

export const useSetDeviceParameters = () => useJobMutation(setDeviceParameters);
