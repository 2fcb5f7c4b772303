import { errorResponses, idParams, pagedListResponse, pagingProperties } from '../../http/schemas';

export const jobSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    deviceId: { type: 'string' },
    type: { type: 'string' },
    status: { type: 'string' },
    params: { type: 'object', additionalProperties: true },
    attempts: { type: 'integer' },
    error: { type: ['string', 'null'] },
    faultCode: { type: ['integer', 'null'] },
    result: {},
    createdAt: { type: 'string' },
    startedAt: { type: ['string', 'null'] },
    finishedAt: { type: ['string', 'null'] },
    expiresAt: { type: 'string' },
  },
  required: ['id', 'deviceId', 'type', 'status', 'error'],
} as const;

export const oneJob = {
  type: 'object',
  properties: { success: { type: 'boolean' }, job: jobSchema },
  required: ['job'],
} as const;
const parameterName = { type: 'string', minLength: 1, maxLength: 256 } as const;
const parameterNames = { type: 'array', minItems: 1, maxItems: 10_000, items: parameterName } as const;
const parameterWrites = {
  type: 'array',
  minItems: 1,
  maxItems: 10_000,
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      name: parameterName,
      value: { type: 'string', maxLength: 65_535 },
      type: { type: 'string', maxLength: 32 },
    },
    required: ['name', 'value'],
  },
} as const;
const deviceIds = {
  type: 'array',
  minItems: 1,
  maxItems: 100_000,
  items: { type: 'string', maxLength: 64 },
} as const;

export const deviceActionSchema = (body?: object) =>
  ({ params: idParams, ...(body ? { body } : {}), response: { 200: oneJob, ...errorResponses } }) as const;

export const bodies = {
  getParameters: {
    type: 'object',
    additionalProperties: false,
    properties: { parameters: parameterNames },
    required: ['parameters'],
  },
  setParameters: {
    type: 'object',
    additionalProperties: false,
    properties: { parameters: parameterWrites },
    required: ['parameters'],
  },
  refresh: {
    type: 'object',
    additionalProperties: false,
    properties: { path: { type: 'string', maxLength: 256 } },
  },
  object: {
    type: 'object',
    additionalProperties: false,
    properties: { objectName: { type: 'string', minLength: 2, maxLength: 256, pattern: '\\.$' } },
    required: ['objectName'],
  },
  scheduleInform: {
    type: 'object',
    additionalProperties: false,
    properties: { delaySeconds: { type: 'integer', minimum: 0, maximum: 86_400 * 30 } },
    required: ['delaySeconds'],
  },
} as const;

export const deviceJobsSchema = {
  params: idParams,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50 } },
  },
  response: {
    200: { type: 'object', properties: { jobs: { type: 'array', items: jobSchema } }, required: ['jobs'] },
    ...errorResponses,
  },
} as const;

export const listJobsSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: ['pending', 'running', 'completed', 'failed', 'cancelled'] },
      deviceId: { type: 'string', maxLength: 64 },
      type: { type: 'string', maxLength: 32 },
      ...pagingProperties(100),
    },
  },
  response: {
    200: pagedListResponse('jobs', jobSchema),
    ...errorResponses,
  },
} as const;

export const jobActionSchema = (body?: object) =>
  ({ params: idParams, ...(body ? { body } : {}), response: { 200: oneJob, ...errorResponses } }) as const;
export const failBody = {
  type: 'object',
  additionalProperties: false,
  properties: { error: { type: 'string', minLength: 1, maxLength: 2000 } },
  required: ['error'],
} as const;

export const statsSchema = {
  response: {
    200: {
      type: 'object',
      properties: Object.fromEntries(
        ['pending', 'running', 'completed', 'failed', 'cancelled', 'total'].map((k) => [
          k,
          { type: 'integer' },
        ]),
      ),
      required: ['pending', 'running', 'completed', 'failed', 'cancelled', 'total'],
    },
    ...errorResponses,
  },
} as const;

/** One device's outcome in a bulk call (bulk.ts). */
const bulkResult = {
  type: 'object',
  properties: {
    deviceId: { type: 'string' },
    success: { type: 'boolean' },
    jobId: { type: 'string' },
    error: { type: 'string' },
  },
  required: ['deviceId', 'success'],
} as const;

export const bulkResults = {
  type: 'object',
  properties: {
    results: { type: 'array', items: bulkResult },
    created: { type: 'integer' },
    failed: { type: 'integer' },
  },
  required: ['results', 'created', 'failed'],
} as const;

/** The answer of devices/bulk-assign: each assignment's outcome (spec §7: results with success). */
export const bulkAssignResults = {
  type: 'object',
  properties: {
    results: {
      type: 'array',
      items: {
        ...bulkResult,
        properties: { ...bulkResult.properties, profileId: { type: 'string' } },
        required: [...bulkResult.required, 'profileId'],
      },
    },
    successful: { type: 'integer' },
    failed: { type: 'integer' },
  },
  required: ['results', 'successful', 'failed'],
} as const;

export const bulkSchema = (extra: Record<string, object>, required: string[]) => ({
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { deviceIds, ...extra },
    required: ['deviceIds', ...required],
  },
  response: { 200: bulkResults, ...errorResponses },
});

export const bulkParameterNames = parameterNames;
export const bulkParameterWrites = parameterWrites;
