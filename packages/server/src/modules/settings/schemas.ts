import { errorResponses } from '../../http/schemas';

const str = (maxLength = 256) => ({ type: 'string', maxLength }) as const;

const sections = {
  server: {
    type: 'object',
    additionalProperties: false,
    properties: {
      port: { type: 'integer', minimum: 1, maximum: 65535 },
      host: { type: 'string', minLength: 1, maxLength: 255 },
      corsOrigin: str(),
      maxConnections: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    },
  },
  cwmp: {
    type: 'object',
    additionalProperties: false,
    properties: {
      enabled: { type: 'boolean' },
      path: { type: 'string', pattern: '^/[A-Za-z0-9._~/-]*$', maxLength: 128 },
      authRequired: { type: 'boolean' },
      username: str(),
      password: str(),
      sessionTimeout: { type: 'integer', minimum: 5, maximum: 3600 },
      retryAttempts: { type: 'integer', minimum: 0, maximum: 100 },
    },
  },
  connectionRequest: {
    type: 'object',
    additionalProperties: false,
    properties: {
      enabled: { type: 'boolean' },
      port: { type: 'integer', minimum: 1, maximum: 65535 },
      username: str(),
      password: str(),
      allowBasic: { type: 'boolean' },
    },
  },
  database: {
    type: 'object',
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: ['sqlite', 'postgres'] },
      path: str(1024),
      backupEnabled: { type: 'boolean' },
      backupInterval: { type: 'integer', minimum: 1, maximum: 8760 },
      maxBackups: { type: 'integer', minimum: 1, maximum: 1000 },
    },
  },
} as const;

const fullSection = <T extends { properties: Record<string, unknown> }>(s: T) => ({
  ...s,
  required: Object.keys(s.properties),
});

export const settingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: sections,
} as const;

const settingsResponse = {
  type: 'object',
  properties: {
    server: fullSection(sections.server),
    cwmp: fullSection(sections.cwmp),
    connectionRequest: fullSection(sections.connectionRequest),
    database: fullSection(sections.database),
  },
  required: ['server', 'cwmp', 'connectionRequest', 'database'],
} as const;

export const getSettingsSchema = { response: { 200: settingsResponse, ...errorResponses } } as const;

export const putSettingsSchema = {
  body: settingsBody,
  response: {
    200: {
      type: 'object',
      properties: { requiresRestart: { type: 'boolean' }, settings: settingsResponse },
      required: ['requiresRestart', 'settings'],
    },
    ...errorResponses,
  },
} as const;

export const testSettingsSchema = {
  body: {
    type: 'object',
    properties: { type: { type: 'string', enum: ['database', 'cwmp', 'connectionRequest'] } },
    required: ['type'],
  },
  response: {
    200: {
      type: 'object',
      properties: { success: { type: 'boolean' }, message: { type: 'string' } },
      required: ['success', 'message'],
    },
    ...errorResponses,
  },
} as const;
