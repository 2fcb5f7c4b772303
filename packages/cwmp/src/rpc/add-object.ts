// AddObject (TR-069 Amendment 6, A.3.2.6): ObjectName ends in "."; the response names the new instance.
import { readString, readUnsignedInt } from '../fields';
import { writeInteger, writeString } from '../writer';
import type { RpcCodec } from './codec';

export interface AddObject {
  name: 'AddObject';
  objectName: string;
  parameterKey: string;
}

export interface AddObjectResponse {
  name: 'AddObjectResponse';
  instanceNumber: number;
  status: number;
}

export const addObject: RpcCodec<AddObject> = {
  name: 'AddObject',
  decode: (el, ctx) => ({
    name: 'AddObject',
    objectName: readString(ctx, el, 'ObjectName', 'required'),
    parameterKey: readString(ctx, el, 'ParameterKey', 'optional'),
  }),
  encode: (m) => writeString('ObjectName', m.objectName) + writeString('ParameterKey', m.parameterKey),
};

export const addObjectResponse: RpcCodec<AddObjectResponse> = {
  name: 'AddObjectResponse',
  decode: (el, ctx) => ({
    name: 'AddObjectResponse',
    instanceNumber: readUnsignedInt(ctx, el, 'InstanceNumber', 'required'),
    status: readUnsignedInt(ctx, el, 'Status', 'required'),
  }),
  encode: (m) => writeInteger('InstanceNumber', m.instanceNumber) + writeInteger('Status', m.status),
};
