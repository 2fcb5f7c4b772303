// FactoryReset (TR-069 Amendment 6, A.4.1.6): the CPE later Informs "0 BOOTSTRAP" + "1 BOOT".
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface FactoryReset {
  name: 'FactoryReset';
}

export interface FactoryResetResponse {
  name: 'FactoryResetResponse';
}

export const factoryReset: RpcCodec<FactoryReset> = emptyCodec('FactoryReset');
export const factoryResetResponse: RpcCodec<FactoryResetResponse> = emptyCodec('FactoryResetResponse');
