// GetParameterAttributes (TR-069 Amendment 6, A.3.2.5).
import { readArray, readString, readStringArray, readUnsignedInt } from '../fields';
import { writeArray, writeInteger, writeString, writeStringArray } from '../writer';
import type { RpcCodec } from './codec';

export interface GetParameterAttributes {
  name: 'GetParameterAttributes';
  parameterNames: string[];
}

export interface ParameterAttributeStruct {
  name: string;
  notification: number;
  accessList: string[];
}

export interface GetParameterAttributesResponse {
  name: 'GetParameterAttributesResponse';
  parameterList: ParameterAttributeStruct[];
}

export const getParameterAttributes: RpcCodec<GetParameterAttributes> = {
  name: 'GetParameterAttributes',
  decode: (el, ctx) => ({
    name: 'GetParameterAttributes',
    parameterNames: readStringArray(ctx, el, 'ParameterNames', 'required'),
  }),
  encode: (m) => writeStringArray('ParameterNames', m.parameterNames),
};

export const getParameterAttributesResponse: RpcCodec<GetParameterAttributesResponse> = {
  name: 'GetParameterAttributesResponse',
  decode: (el, ctx) => ({
    name: 'GetParameterAttributesResponse',
    parameterList: readArray(ctx, el, 'ParameterList', 'ParameterAttributeStruct', 'optional', (item) => ({
      name: readString(ctx, item, 'Name', 'required'),
      notification: readUnsignedInt(ctx, item, 'Notification', 'optional'),
      accessList: readStringArray(ctx, item, 'AccessList', 'optional'),
    })),
  }),
  encode: (m) =>
    writeArray(
      'ParameterList',
      'cwmp:ParameterAttributeStruct',
      m.parameterList,
      (p) =>
        '<ParameterAttributeStruct>' +
        writeString('Name', p.name) +
        writeInteger('Notification', p.notification) +
        writeStringArray('AccessList', p.accessList) +
        '</ParameterAttributeStruct>',
    ),
};
