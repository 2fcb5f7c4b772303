// The profile routes' schemas (spec §7 Profiles), made of the contract's shapes
// (contract/profiles.ts).
import {
  bulkCreateProfilesBody,
  bulkCreateResult,
  bulkImportCsvBody,
  bulkImportCsvResult,
  errorResponses,
  idParams,
  listProfilesQuery,
  noContent,
  oneProfile,
  profileBody,
  profileList,
  profileVersionBody,
  profileVersionList,
  templateProfiles,
  validationResult,
} from '../../contract';

export const listProfilesSchema = {
  querystring: listProfilesQuery,
  response: { 200: profileList, ...errorResponses },
};

export const createProfileSchema = {
  body: profileBody,
  response: { 201: oneProfile, ...errorResponses },
};

export const getProfileSchema = { params: idParams, response: { 200: oneProfile, ...errorResponses } };

export const updateProfileSchema = {
  params: idParams,
  body: profileBody,
  response: { 200: oneProfile, ...errorResponses },
};

export const deleteProfileSchema = { params: idParams, response: { 204: noContent, ...errorResponses } };

export const addVersionSchema = {
  params: idParams,
  body: profileVersionBody,
  response: { 201: oneProfile, ...errorResponses },
};

export const listVersionsSchema = {
  params: idParams,
  response: { 200: profileVersionList, ...errorResponses },
};

export const byTemplateSchema = {
  params: idParams,
  response: { 200: templateProfiles, ...errorResponses },
};

export const validateProfileSchema = {
  params: idParams,
  response: { 200: validationResult, ...errorResponses },
};

export const bulkCreateSchema = {
  body: bulkCreateProfilesBody,
  response: { 200: bulkCreateResult, ...errorResponses },
};

export const bulkImportCsvSchema = {
  body: bulkImportCsvBody,
  response: { 200: bulkImportCsvResult, ...errorResponses },
};
