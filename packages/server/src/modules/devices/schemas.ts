// The device routes' schemas (spec §7 Devices), made of the contract's shapes (contract/devices.ts).
import {
  deviceList,
  errorResponses,
  idParams,
  listDevicesQuery,
  noContent,
  oneDevice,
  parameterList,
  parametersQuery,
  registerDeviceBody,
  updateDeviceBody,
} from '../../contract';

export const listDevicesSchema = {
  querystring: listDevicesQuery,
  response: { 200: deviceList, ...errorResponses },
};

export const unassignedSchema = listDevicesSchema;

export const getDeviceSchema = { params: idParams, response: { 200: oneDevice, ...errorResponses } };

export const deleteDeviceSchema = { params: idParams, response: { 204: noContent, ...errorResponses } };

export const updateDeviceSchema = {
  params: idParams,
  body: updateDeviceBody,
  response: { 200: oneDevice, ...errorResponses },
};

export const registerDeviceSchema = {
  body: registerDeviceBody,
  response: { 201: oneDevice, ...errorResponses },
};

export const parametersSchema = {
  params: idParams,
  querystring: parametersQuery,
  response: { 200: parameterList, ...errorResponses },
};
