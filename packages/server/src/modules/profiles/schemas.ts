// JSON schemas of the profile routes (spec §7 Profiles). Response schemas list every field.
import { errorResponses, idParams, pagedListResponse } from '../../http/schemas';
import { renderedParamSchema, stringList, validationResultSchema } from '../templates/index';

const freeObject = { type: 'object', additionalProperties: true } as const;

export const profileSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    templateId: { type: 'string' },
    values: freeObject,
    validationStatus: { type: 'string', enum: ['valid', 'invalid', 'pending'] },
    validationErrors: stringList,
    version: { type: 'integer' },
    renderedParams: { type: 'array', items: renderedParamSchema },
    parameterCount: { type: 'integer' },
    changelog: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
  required: [
    'id',
    'name',
    'templateId',
    'values',
    'validationStatus',
    'validationErrors',
    'version',
    'renderedParams',
    'parameterCount',
    'changelog',
    'createdAt',
    'updatedAt',
  ],
} as const;

const versionSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    profileId: { type: 'string' },
    version: { type: 'integer' },
    name: { type: 'string' },
    values: freeObject,
    changelog: { type: ['string', 'null'] },
    validationStatus: { type: 'string' },
    renderedParams: { type: 'array', items: renderedParamSchema },
    createdAt: { type: 'string' },
  },
  required: [
    'id',
    'profileId',
    'version',
    'name',
    'values',
    'changelog',
    'validationStatus',
    'renderedParams',
    'createdAt',
  ],
} as const;

const oneProfile = { type: 'object', properties: { profile: profileSchema }, required: ['profile'] } as const;
const profileList = pagedListResponse('profiles', profileSchema);

// name and templateId are checked in the service, for the messages of spec §5 Profile.
const inputProperties = {
  name: { type: 'string', maxLength: 1000 },
  templateId: { type: 'string', maxLength: 64 },
  values: freeObject,
} as const;

export const listProfilesSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      search: { type: 'string', maxLength: 200 },
      templateId: { type: 'string', maxLength: 64 },
      validationStatus: { type: 'string', enum: ['valid', 'invalid', 'pending'] },
      // The customer screens load up to 1000 profiles at once (spec §9), up to 5000 by request.
      limit: { type: 'integer', minimum: 1, maximum: 5000, default: 1000 },
      offset: { type: 'integer', minimum: 0, default: 0 },
    },
  },
  response: { 200: profileList, ...errorResponses },
} as const;

export const createProfileSchema = {
  body: { type: 'object', additionalProperties: false, properties: inputProperties },
  response: { 201: oneProfile, ...errorResponses },
} as const;

export const getProfileSchema = {
  params: idParams,
  response: { 200: oneProfile, ...errorResponses },
} as const;

export const updateProfileSchema = {
  params: idParams,
  body: { type: 'object', additionalProperties: false, properties: inputProperties },
  response: { 200: oneProfile, ...errorResponses },
} as const;

export const deleteProfileSchema = {
  params: idParams,
  response: { 204: { type: 'null' }, ...errorResponses },
} as const;

export const addVersionSchema = {
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      values: freeObject,
      changelog: { type: 'string', maxLength: 4000 },
      name: { type: 'string', maxLength: 1000 },
    },
    required: ['values', 'changelog'],
  },
  response: { 201: oneProfile, ...errorResponses },
} as const;

export const listVersionsSchema = {
  params: idParams,
  response: {
    200: {
      type: 'object',
      properties: { versions: { type: 'array', items: versionSchema }, total: { type: 'integer' } },
      required: ['versions', 'total'],
    },
    ...errorResponses,
  },
} as const;

export const byTemplateSchema = {
  params: idParams,
  response: {
    200: {
      type: 'object',
      properties: { profiles: { type: 'array', items: profileSchema }, total: { type: 'integer' } },
      required: ['profiles', 'total'],
    },
    ...errorResponses,
  },
} as const;

export const validateProfileSchema = {
  params: idParams,
  response: { 200: validationResultSchema, ...errorResponses },
} as const;

export const bulkCreateSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      profiles: {
        type: 'array',
        maxItems: 1000,
        items: { type: 'object', additionalProperties: false, properties: inputProperties },
      },
    },
    required: ['profiles'],
  },
  response: {
    200: {
      type: 'object',
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              index: { type: 'integer' },
              name: { type: 'string' },
              success: { type: 'boolean' },
              profileId: { type: 'string' },
              validationStatus: { type: 'string' },
              validationErrors: stringList,
              error: { type: 'string' },
            },
            required: ['index', 'name', 'success'],
          },
        },
        created: { type: 'integer' },
        failed: { type: 'integer' },
      },
      required: ['results', 'created', 'failed'],
    },
    ...errorResponses,
  },
} as const;
