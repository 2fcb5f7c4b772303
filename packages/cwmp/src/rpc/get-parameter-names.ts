// GetParameterNames (TR-069 Amendment 6, A.3.2.3): ParameterPath "" is the root; NextLevel=true lists direct
// children only. Object names end in ".".
import { readArray, readBoolean, readString } from '../fields';
import { writeArray, writeBoolean, writeString } from '../writer';
import type { RpcCodec } from './codec';

export interface GetParameterNames {
  name: 'GetParameterNames';
  parameterPath: string;
  nextLevel: boolean;
}

export interface ParameterInfoStruct {
  name: string;
  writable: boolean;
}

export interface GetParameterNamesResponse {
  name: 'GetParameterNamesResponse';
  parameterList: ParameterInfoStruct[];
}

export const getParameterNames: RpcCodec<GetParameterNames> = {
  name: 'GetParameterNames',
  decode: (el, ctx) => ({
    name: 'GetParameterNames',
    parameterPath: readString(ctx, el, 'ParameterPath', 'optional'),
    nextLevel: readBoolean(ctx, el, 'NextLevel', 'optional'),
  }),
  encode: (m) => writeString('ParameterPath', m.parameterPath) + writeBoolean('NextLevel', m.nextLevel),
};

export const getParameterNamesResponse: RpcCodec<GetParameterNamesResponse> = {
  name: 'GetParameterNamesResponse',
  decode: (el, ctx) => ({
    name: 'GetParameterNamesResponse',
    parameterList: readArray(ctx, el, 'ParameterList', 'ParameterInfoStruct', 'optional', (item) => ({
      name: readString(ctx, item, 'Name', 'required'),
      writable: readBoolean(ctx, item, 'Writable', 'optional'),
    })),
  }),
  encode: (m) =>
    writeArray(
      'ParameterList',
      'cwmp:ParameterInfoStruct',
      m.parameterList,
      (p) =>
        `<ParameterInfoStruct>${writeString('Name', p.name)}${writeBoolean('Writable', p.writable)}</ParameterInfoStruct>`,
    ),
};
