// The job routes' schemas (spec §7 Devices actions and Provisioning), made of the contract's shapes
// (contract/jobs.ts), and each job type's parameters.
import { Type, type Static, type TSchema } from 'typebox';
import {
  bulkResults,
  deviceIds,
  deviceJobList,
  deviceJobsQuery,
  downloadFileBody,
  errorResponses,
  exportParametersBody,
  failJobBody,
  firmwareBody,
  idParams,
  jobAnswer,
  jobList,
  jobStats,
  listJobsQuery,
  parameterNames,
  parameterWrites,
  renderedParam,
  type JobType,
} from '../../contract';

const closed = { additionalProperties: false } as const;

// Each job type's parameters, one schema per type: what the job keeps (jobs/service.ts adds the
// secret of a transfer's file URL) and, where the device action takes them as they are, its body.
export const setParametersParams = Type.Object({ parameters: parameterWrites }, closed);
export const getParametersParams = Type.Object({ parameters: parameterNames }, closed);
export const refreshParams = Type.Object({ path: Type.Optional(Type.String({ maxLength: 256 })) }, closed);
const objectName = Type.String({ minLength: 2, maxLength: 256, pattern: '\\.$' });
export const addObjectParams = Type.Object({ objectName }, closed);
export const deleteObjectParams = Type.Object({ objectName }, closed);
export const rebootParams = Type.Object({}, closed);
export const factoryResetParams = Type.Object({}, closed);
export const scheduleInformParams = Type.Object(
  { delaySeconds: Type.Integer({ minimum: 0, maximum: 86_400 * 30 }) },
  closed,
);
/** A file of the store or an outside URL (files/routes.ts keeps one of them). */
export const firmwareUpgradeParams = firmwareBody;
/** CWMP Download of a stored file to a path on the router. */
export const downloadFileParams = Type.Object(
  { fileId: Type.String(), targetPath: Type.String(), fileType: Type.String() },
  closed,
);
/** CWMP Upload of a file on the router. */
export const uploadFileParams = downloadFileBody;
export const backupConfigParams = Type.Object({}, closed);
export const restoreConfigParams = Type.Object({ fileId: Type.String() }, closed);
/** A profile's rendered parameters, as they were when it was assigned. */
export const applyProfileParams = Type.Object(
  { profileId: Type.String(), profileVersion: Type.Integer(), parameters: Type.Array(renderedParam) },
  closed,
);

export const jobTypeParams = {
  'set-parameters': setParametersParams,
  'get-parameters': getParametersParams,
  refresh: refreshParams,
  'add-object': addObjectParams,
  'delete-object': deleteObjectParams,
  reboot: rebootParams,
  'factory-reset': factoryResetParams,
  'schedule-inform': scheduleInformParams,
  'firmware-upgrade': firmwareUpgradeParams,
  'download-file': downloadFileParams,
  'upload-file': uploadFileParams,
  'backup-config': backupConfigParams,
  'restore-config': restoreConfigParams,
  'apply-profile': applyProfileParams,
  // Made by the ACS itself, never through the API; stored like set-parameters.
  'set-connection-credentials': setParametersParams,
} satisfies Record<JobType, TSchema>;
export type JobTypeParams<T extends JobType> = Static<(typeof jobTypeParams)[T]>;

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

/** A bulk call: the devices, and the parameters of the job each gets. */
export const bulkSchema = <P extends Record<string, TSchema>>(params: P) => ({
  body: Type.Object({ deviceIds, ...params }, closed),
  response: { 200: bulkResults, ...errorResponses },
});

export const bulkRebootSchema = bulkSchema({});
export const bulkGetParametersSchema = bulkSchema(getParametersParams.properties);
export const bulkSetParametersSchema = bulkSchema(setParametersParams.properties);
export const bulkFirmwareSchema = bulkSchema(firmwareBody.properties);

export const exportParametersSchema = { body: exportParametersBody };
