// GetParameterValues (TR-069 Amendment 6, A.3.2.2): full names or partial paths ending in "."; the response
// holds typed values.
import { readStringArray } from '../fields';
import { readParameterList, writeParameterList } from '../structs';
import type { ParameterValue } from '../values';
import { writeStringArray } from '../writer';
import type { RpcCodec } from './codec';

export interface GetParameterValues {
  name: 'GetParameterValues';
  parameterNames: string[];
}

export interface GetParameterValuesResponse {
  name: 'GetParameterValuesResponse';
  parameterList: ParameterValue[];
}

export const getParameterValues: RpcCodec<GetParameterValues> = {
  name: 'GetParameterValues',
  decode: (el, ctx) => ({
    name: 'GetParameterValues',
    parameterNames: readStringArray(ctx, el, 'ParameterNames', 'required'),
  }),
  encode: (m) => writeStringArray('ParameterNames', m.parameterNames),
};

export const getParameterValuesResponse: RpcCodec<GetParameterValuesResponse> = {
  name: 'GetParameterValuesResponse',
  decode: (el, ctx) => ({
    name: 'GetParameterValuesResponse',
    parameterList: readParameterList(ctx, el, 'optional'),
  }),
  encode: (m) => writeParameterList(m.parameterList),
};
