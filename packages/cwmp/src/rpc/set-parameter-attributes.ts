// SetParameterAttributes (TR-069 Amendment 6, A.3.2.4): notification 0-2 (3-6 lightweight, 1.4) and the
// AccessList, whose only defined value is "Subscriber".
import { readArray, readBoolean, readString, readStringArray, readUnsignedInt } from '../fields';
import { writeArray, writeBoolean, writeInteger, writeString, writeStringArray } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface SetParameterAttributesStruct {
  name: string;
  notificationChange: boolean;
  notification: number;
  accessListChange: boolean;
  accessList: string[];
}

export interface SetParameterAttributes {
  name: 'SetParameterAttributes';
  parameterList: SetParameterAttributesStruct[];
}

export interface SetParameterAttributesResponse {
  name: 'SetParameterAttributesResponse';
}

export const setParameterAttributes: RpcCodec<SetParameterAttributes> = {
  name: 'SetParameterAttributes',
  decode: (el, ctx) => ({
    name: 'SetParameterAttributes',
    parameterList: readArray(
      ctx,
      el,
      'ParameterList',
      'SetParameterAttributesStruct',
      'required',
      (item) => ({
        name: readString(ctx, item, 'Name', 'required'),
        notificationChange: readBoolean(ctx, item, 'NotificationChange', 'optional'),
        notification: readUnsignedInt(ctx, item, 'Notification', 'optional'),
        accessListChange: readBoolean(ctx, item, 'AccessListChange', 'optional'),
        accessList: readStringArray(ctx, item, 'AccessList', 'optional'),
      }),
    ),
  }),
  encode: (m) =>
    writeArray(
      'ParameterList',
      'cwmp:SetParameterAttributesStruct',
      m.parameterList,
      (p) =>
        '<SetParameterAttributesStruct>' +
        writeString('Name', p.name) +
        writeBoolean('NotificationChange', p.notificationChange) +
        writeInteger('Notification', p.notification) +
        writeBoolean('AccessListChange', p.accessListChange) +
        writeStringArray('AccessList', p.accessList) +
        '</SetParameterAttributesStruct>',
    ),
};

export const setParameterAttributesResponse: RpcCodec<SetParameterAttributesResponse> = emptyCodec(
  'SetParameterAttributesResponse',
);
