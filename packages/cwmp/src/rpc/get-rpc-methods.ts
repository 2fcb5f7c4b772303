// GetRPCMethods: both directions (TR-069 Amendment 6, A.3.1.1). The ACS asks the CPE, and the CPE may
// ask the ACS; the response lists method names.
import { readStringArray } from '../fields';
import { writeStringArray } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface GetRPCMethods {
  name: 'GetRPCMethods';
}

export interface GetRPCMethodsResponse {
  name: 'GetRPCMethodsResponse';
  methodList: string[];
}

export const getRpcMethods: RpcCodec<GetRPCMethods> = emptyCodec('GetRPCMethods');

export const getRpcMethodsResponse: RpcCodec<GetRPCMethodsResponse> = {
  name: 'GetRPCMethodsResponse',
  decode: (el, ctx) => ({
    name: 'GetRPCMethodsResponse',
    methodList: readStringArray(ctx, el, 'MethodList', 'optional'),
  }),
  encode: (m) => writeStringArray('MethodList', m.methodList),
};
