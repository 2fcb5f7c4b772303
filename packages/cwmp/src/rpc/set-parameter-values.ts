// SetParameterValues (TR-069 Amendment 6, A.3.2.1): atomic set of typed values plus the ParameterKey the CPE
// stores on success. Status 0 = applied, 1 = committed but applied later (e.g. after a reboot).
import { readString, readUnsignedInt } from '../fields';
import { readParameterList, writeParameterList } from '../structs';
import type { ParameterValue } from '../values';
import { writeInteger, writeString } from '../writer';
import type { RpcCodec } from './codec';

export interface SetParameterValues {
  name: 'SetParameterValues';
  parameterList: ParameterValue[];
  parameterKey: string;
}

export interface SetParameterValuesResponse {
  name: 'SetParameterValuesResponse';
  status: number;
}

export const setParameterValues: RpcCodec<SetParameterValues> = {
  name: 'SetParameterValues',
  decode: (el, ctx) => ({
    name: 'SetParameterValues',
    parameterList: readParameterList(ctx, el, 'required'),
    parameterKey: readString(ctx, el, 'ParameterKey', 'optional'),
  }),
  encode: (m) => writeParameterList(m.parameterList) + writeString('ParameterKey', m.parameterKey),
};

export const setParameterValuesResponse: RpcCodec<SetParameterValuesResponse> = {
  name: 'SetParameterValuesResponse',
  decode: (el, ctx) => ({
    name: 'SetParameterValuesResponse',
    status: readUnsignedInt(ctx, el, 'Status', 'required'),
  }),
  encode: (m) => writeInteger('Status', m.status),
};
