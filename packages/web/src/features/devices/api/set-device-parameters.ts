import { api } from '@/lib/api-client';
import type { JobAnswer, ParameterWrite } from '@provisor/server/contract';
import { devicePath, useJobMutation, type DeviceRef } from './use-job-mutation';

export type { ParameterWrite };

export interface SetDeviceParametersInput extends DeviceRef {
  parameters: ParameterWrite[];
}

export const setDeviceParameters = ({ deviceId, parameters }: SetDeviceParametersInput) =>
  api.post<JobAnswer>(devicePath(deviceId, 'set-parameters'), { parameters });

export const useSetDeviceParameters = () => useJobMutation(setDeviceParameters);
