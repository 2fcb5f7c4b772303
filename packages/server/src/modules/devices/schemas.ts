import { errorResponses, idParams, pagedListResponse, pagingProperties } from '../../http/schemas';

export const deviceSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    serialNumber: { type: 'string' },
    oui: { type: 'string' },
    productClass: { type: 'string' },
    manufacturer: { type: 'string' },
    vendor: { type: 'string' },
    model: { type: 'string' },
    softwareVersion: { type: 'string' },
    hardwareVersion: { type: 'string' },
    status: { type: 'string', enum: ['online', 'offline', 'provisioning', 'error'] },
    lastInformAt: { type: ['string', 'null'] },
    lastEvents: { type: 'array', items: { type: 'string' } },
    externalIp: { type: 'string' },
    connectionRequestUrl: { type: 'string' },
    connectionRequestUsername: { type: 'string' },
    // Passwords are write-only: an answer says whether one is set, never what it is.
    connectionRequestPasswordSet: { type: 'boolean' },
    cwmpUsername: { type: 'string' },
    cwmpPasswordSet: { type: 'boolean' },
    periodicInformInterval: { type: 'integer' },
    assignedProfileId: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
  required: [
    'id',
    'serialNumber',
    'oui',
    'productClass',
    'softwareVersion',
    'status',
    'lastInformAt',
    'assignedProfileId',
  ],
} as const;

const oneDevice = { type: 'object', properties: { device: deviceSchema }, required: ['device'] } as const;

export const listDevicesSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: ['online', 'offline', 'provisioning', 'error'] },
      search: { type: 'string', maxLength: 128 },
      ...pagingProperties(100),
    },
  },
  response: {
    200: pagedListResponse('devices', deviceSchema),
    ...errorResponses,
  },
} as const;

export const unassignedSchema = {
  querystring: listDevicesSchema.querystring,
  response: { 200: listDevicesSchema.response[200], ...errorResponses },
} as const;

export const getDeviceSchema = { params: idParams, response: { 200: oneDevice, ...errorResponses } } as const;

export const deleteDeviceSchema = {
  params: idParams,
  response: { 204: { type: 'null' }, ...errorResponses },
} as const;

export const updateDeviceSchema = {
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      connectionRequestUrl: { type: 'string', maxLength: 512 },
      connectionRequestUsername: { type: 'string', maxLength: 256 },
      connectionRequestPassword: { type: 'string', maxLength: 256 },
      cwmpUsername: { type: 'string', maxLength: 256 },
      cwmpPassword: { type: 'string', maxLength: 256 },
      assignedProfileId: { type: ['string', 'null'], maxLength: 64 },
    },
  },
  response: { 200: oneDevice, ...errorResponses },
} as const;

export const registerDeviceSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      serialNumber: { type: 'string', minLength: 1, maxLength: 64 },
      // cwmp-reference §5: exactly 6 hex characters, or no Inform will ever match it.
      oui: { type: 'string', pattern: '^[0-9A-Fa-f]{6}$' },
      productClass: { type: 'string', minLength: 1, maxLength: 64 },
      connectionRequestUrl: { type: 'string', minLength: 1, maxLength: 512 },
      connectionRequestUsername: { type: 'string', maxLength: 256 },
      connectionRequestPassword: { type: 'string', maxLength: 256 },
    },
    required: ['serialNumber', 'oui', 'productClass', 'connectionRequestUrl'],
  },
  response: { 201: oneDevice, ...errorResponses },
} as const;

export const parametersSchema = {
  params: idParams,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { prefix: { type: 'string', maxLength: 256 } },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        parameters: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              value: { type: 'string' },
              type: { type: 'string' },
              writable: { type: 'boolean' },
            },
            required: ['name', 'value', 'type'],
          },
        },
      },
      required: ['parameters'],
    },
    ...errorResponses,
  },
} as const;
