// JSON schemas of the template routes (spec §7 Templates). Response schemas list every field.
import { errorBody, errorResponses, idParams, pagedListResponse, pagingProperties } from '../../http/schemas';

const anyValue = {} as const;
const freeObject = { type: 'object', additionalProperties: true } as const;

export const mappingEntrySchema = {
  type: 'object',
  properties: {
    field: { type: 'string' },
    param: { type: 'string' },
    type: { type: 'string' },
    required: { type: 'boolean' },
    defaultValue: anyValue,
    description: { type: 'string' },
    valueMap: freeObject,
  },
  required: ['field', 'param', 'type', 'required'],
} as const;

const definitionProperties = {
  name: { type: 'string' },
  vendor: { type: 'string' },
  model: { type: 'string' },
  dataModel: { type: 'string' },
  version: { type: 'string' },
  description: { type: 'string' },
  mapping: { type: 'array', items: mappingEntrySchema },
  schema: freeObject,
} as const;

export const templateSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    ...definitionProperties,
    parameterCount: { type: 'integer' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
  required: [
    'id',
    'name',
    'vendor',
    'model',
    'dataModel',
    'version',
    'mapping',
    'schema',
    'parameterCount',
    'createdAt',
    'updatedAt',
  ],
} as const;

/** 400 answers of template checks list every problem. */
const invalidBody = {
  type: 'object',
  properties: { ...errorBody.properties, errors: { type: 'array', items: { type: 'string' } } },
  required: ['error', 'message'],
} as const;
const writeErrors = { ...errorResponses, 400: invalidBody };

const warnings = { type: 'array', items: { type: 'string' } } as const;
const oneTemplate = {
  type: 'object',
  properties: { template: templateSchema, warnings },
  required: ['template'],
} as const;

/**
 * The body of create and update. Properties are typed loosely here: the template checks report
 * every problem at once, in the words of spec §5 ("Name is required", ...).
 */
const definitionBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: anyValue,
    vendor: anyValue,
    model: anyValue,
    dataModel: anyValue,
    version: anyValue,
    description: anyValue,
    mapping: anyValue,
    schema: anyValue,
  },
} as const;

export const listTemplatesSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      search: { type: 'string', maxLength: 200 },
      vendor: { type: 'string', maxLength: 200 },
      model: { type: 'string', maxLength: 200 },
      dataModel: { type: 'string', enum: ['TR-181', 'TR-098'] },
      ...pagingProperties(100),
    },
  },
  response: {
    200: pagedListResponse('templates', templateSchema),
    ...errorResponses,
  },
} as const;

export const createTemplateSchema = {
  body: definitionBody,
  response: { 201: oneTemplate, ...writeErrors },
} as const;
export const updateTemplateSchema = {
  params: idParams,
  body: definitionBody,
  response: { 200: oneTemplate, ...writeErrors },
} as const;
export const getTemplateSchema = {
  params: idParams,
  response: { 200: oneTemplate, ...errorResponses },
} as const;
export const deleteTemplateSchema = {
  params: idParams,
  response: { 204: { type: 'null' }, ...errorResponses },
} as const;

export const renderedParamSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, value: { type: 'string' }, type: { type: 'string' } },
  required: ['name', 'value', 'type'],
} as const;

/** Values as a map, or `{values: {...}}`; both are accepted (spec §7: "with a body (values)"). */
const valuesBody = { type: 'object', additionalProperties: true } as const;

export const stringList = { type: 'array', items: { type: 'string' } } as const;

/** spec §3 Validation result, with the data-model check's warnings. */
export const validationResultSchema = {
  type: 'object',
  properties: { valid: { type: 'boolean' }, errors: stringList, warnings: stringList },
  required: ['valid', 'errors', 'warnings'],
} as const;

export const validateTemplateSchema = {
  params: idParams,
  body: valuesBody,
  response: { 200: validationResultSchema, ...errorResponses },
} as const;

export const renderTemplateSchema = {
  params: idParams,
  body: valuesBody,
  response: {
    200: {
      type: 'object',
      properties: {
        renderedParams: { type: 'array', items: renderedParamSchema },
        valid: { type: 'boolean' },
        errors: stringList,
        warnings: stringList,
      },
      required: ['renderedParams', 'valid', 'errors', 'warnings'],
    },
    ...errorResponses,
  },
} as const;

export const exportTemplateSchema = {
  params: idParams,
  response: {
    200: {
      type: 'object',
      properties: definitionProperties,
      required: ['name', 'vendor', 'model', 'dataModel', 'version', 'mapping', 'schema'],
    },
    ...errorResponses,
  },
} as const;

export const importTemplateSchema = { response: { 201: oneTemplate, ...writeErrors } } as const;
