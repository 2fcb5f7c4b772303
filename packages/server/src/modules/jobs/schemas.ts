// The job routes' schemas (spec §7 Devices actions and Provisioning), made of the contract's shapes
// (contract/jobs.ts).
import { Type, type TSchema } from 'typebox';
import {
  bulkOperation,
  bulkOperationList,
  bulkResults,
  deviceSelection,
  deviceJobList,
  deviceJobsQuery,
  errorResponses,
  exportParametersBody,
  failJobBody,
  firmwareBody,
  idParams,
  jobAnswer,
  jobList,
  jobStats,
  listJobsQuery,
  listOperationsQuery,
  parameterNames,
  parameterWrites,
} from '../../contract';

const closed = { additionalProperties: false } as const;

// Each job type's parameters are its descriptor's (types/<type>.ts, collected in types/index.ts).
export { jobTypeParams, type JobTypeParams } from './types';

const jobAnswerResponses = { 200: jobAnswer, ...errorResponses };

/** A device action without a body: reboot, factory-reset, backup-config, ... */
export const deviceActionSchema = { params: idParams, response: jobAnswerResponses };
export const deviceActionWithBody = <B extends TSchema>(body: B) => ({
  params: idParams,
  body,
  response: jobAnswerResponses,
});

export const deviceJobsSchema = {
  params: idParams,
  querystring: deviceJobsQuery,
  response: { 200: deviceJobList, ...errorResponses },
};

export const listJobsSchema = {
  querystring: listJobsQuery,
  response: { 200: jobList, ...errorResponses },
};

export const jobActionSchema = { params: idParams, response: jobAnswerResponses };
export const failJobSchema = { params: idParams, body: failJobBody, response: jobAnswerResponses };

export const statsSchema = { response: { 200: jobStats, ...errorResponses } };

/** A bulk call: the devices (deviceIds or filter), and the parameters of the job each gets. */
export const bulkSchema = <P extends Record<string, TSchema>>(params: P) => ({
  body: Type.Object({ ...deviceSelection, ...params }, closed),
  response: { 200: bulkResults, ...errorResponses },
});

export const bulkRebootSchema = bulkSchema({});
export const bulkGetParametersSchema = bulkSchema({ parameters: parameterNames });
export const bulkSetParametersSchema = bulkSchema({ parameters: parameterWrites });
export const bulkFirmwareSchema = bulkSchema(firmwareBody.properties);

export const exportParametersSchema = { body: exportParametersBody };

export const listOperationsSchema = {
  querystring: listOperationsQuery,
  response: { 200: bulkOperationList, ...errorResponses },
};
export const getOperationSchema = { params: idParams, response: { 200: bulkOperation, ...errorResponses } };
