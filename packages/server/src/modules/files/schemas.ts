// The file routes' schemas (spec §7 Devices: files and transfers), made of the contract's shapes
// (contract/files.ts).
import { errorResponses, idParams, listFilesQuery, noContent, oneFile, storedFileList } from '../../contract';

export const uploadFileSchema = { response: { 201: oneFile, ...errorResponses } };

export const listFilesSchema = {
  querystring: listFilesQuery,
  response: { 200: storedFileList, ...errorResponses },
};

export const deviceFilesSchema = { params: idParams, response: { 200: storedFileList, ...errorResponses } };

export const deleteFileSchema = { params: idParams, response: { 204: noContent, ...errorResponses } };

/** A file's content: not JSON, so no answer schema. */
export const downloadFileSchema = { params: idParams };
