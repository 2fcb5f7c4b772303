// DeleteObject (TR-069 Amendment 6, A.3.2.7): ObjectName is an instance path, e.g. "Device.WiFi.SSID.3.".
import { readString, readUnsignedInt } from '../fields';
import { writeInteger, writeString } from '../writer';
import type { RpcCodec } from './codec';

export interface DeleteObject {
  name: 'DeleteObject';
  objectName: string;
  parameterKey: string;
}

export interface DeleteObjectResponse {
  name: 'DeleteObjectResponse';
  status: number;
}

export const deleteObject: RpcCodec<DeleteObject> = {
  name: 'DeleteObject',
  decode: (el, ctx) => ({
    name: 'DeleteObject',
    objectName: readString(ctx, el, 'ObjectName', 'required'),
    parameterKey: readString(ctx, el, 'ParameterKey', 'optional'),
  }),
  encode: (m) => writeString('ObjectName', m.objectName) + writeString('ParameterKey', m.parameterKey),
};

export const deleteObjectResponse: RpcCodec<DeleteObjectResponse> = {
  name: 'DeleteObjectResponse',
  decode: (el, ctx) => ({
    name: 'DeleteObjectResponse',
    status: readUnsignedInt(ctx, el, 'Status', 'required'),
  }),
  encode: (m) => writeInteger('Status', m.status),
};
