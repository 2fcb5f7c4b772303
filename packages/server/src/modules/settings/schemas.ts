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
      allowedNetworks: { type: 'array', maxItems: 256, items: str(64) },
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

/**
 * A section as answered: every field, but a password only as whether one is set (passwords are
 * write-only, so no answer carries one).
 */
const answeredSection = <T extends { properties: Record<string, unknown> }>(s: T) => {
  const { password, ...rest } = s.properties as Record<string, unknown>;
  const properties = password ? { ...rest, passwordSet: { type: 'boolean' } } : rest;
  return { ...s, properties, required: Object.keys(properties) };
};

export const settingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: sections,
} as const;

const settingsResponse = {
  type: 'object',
  properties: {
    server: answeredSection(sections.server),
    cwmp: answeredSection(sections.cwmp),
    connectionRequest: answeredSection(sections.connectionRequest),
    database: answeredSection(sections.database),
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
