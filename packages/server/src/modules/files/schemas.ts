import { FILE_KINDS } from '../../db/tables/files';
import { errorResponses, idParams } from '../../http/schemas';

/** A stored file as the API answers it (files/routes.ts `toApiFile`). */
export const fileSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: FILE_KINDS },
    name: { type: 'string' },
    size: { type: 'integer' },
    sha256: { type: 'string' },
    contentType: { type: 'string' },
    deviceId: { type: ['string', 'null'] },
    jobId: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    downloadUrl: { type: 'string' },
  },
  required: ['id', 'kind', 'name', 'size', 'sha256', 'contentType', 'createdAt', 'downloadUrl'],
} as const;

const fileList = {
  type: 'object',
  properties: { files: { type: 'array', items: fileSchema } },
  required: ['files'],
} as const;

export const uploadFileSchema = {
  response: {
    201: { type: 'object', properties: { file: fileSchema }, required: ['file'] },
    ...errorResponses,
  },
} as const;

export const listFilesSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      kind: { type: 'string', enum: FILE_KINDS },
      deviceId: { type: 'string', maxLength: 64 },
      limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
      offset: { type: 'integer', minimum: 0, default: 0 },
    },
  },
  response: { 200: fileList, ...errorResponses },
} as const;

export const deviceFilesSchema = {
  params: idParams,
  response: { 200: fileList, ...errorResponses },
} as const;

export const deleteFileSchema = {
  params: idParams,
  response: { 204: { type: 'null' }, ...errorResponses },
} as const;

export const firmwareBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    firmwareUrl: { type: 'string', maxLength: 256 },
    fileId: { type: 'string', maxLength: 64 },
    version: { type: 'string', maxLength: 64 },
  },
  required: ['version'],
} as const;

export const downloadFileBody = {
  type: 'object',
  additionalProperties: false,
  properties: { filePath: { type: 'string', minLength: 1, maxLength: 256 } },
  required: ['filePath'],
} as const;
