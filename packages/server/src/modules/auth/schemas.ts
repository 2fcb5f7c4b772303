// JSON schemas for the auth routes (spec §7 Auth).
const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
  required: ['error', 'message'],
} as const;

export const errorResponses = {
  400: errorBody,
  401: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
};

export const loginSchema = {
  body: {
    type: 'object',
    properties: {
      username: { type: 'string', minLength: 1, maxLength: 128 },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
    required: ['username', 'password'],
  },
  response: {
    200: {
      type: 'object',
      properties: { token: { type: 'string' }, username: { type: 'string' } },
      required: ['token', 'username'],
    },
    ...errorResponses,
  },
} as const;

export const refreshSchema = {
  response: {
    200: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] },
    ...errorResponses,
  },
} as const;

export const verifySchema = {
  response: {
    200: {
      type: 'object',
      properties: { valid: { type: 'boolean' }, username: { type: 'string' } },
      required: ['valid', 'username'],
    },
    ...errorResponses,
  },
} as const;

export const logoutSchema = {
  response: { 204: { type: 'null' }, ...errorResponses },
} as const;
