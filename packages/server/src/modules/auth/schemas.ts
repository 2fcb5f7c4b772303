// JSON schemas for the auth routes (spec §7 Auth).
import { errorResponses } from '../../http/schemas';

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
