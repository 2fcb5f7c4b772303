// JSON-schema pieces every route shares: the one error shape (errors.ts) and an `:id` parameter.

export const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
  required: ['error', 'message'],
} as const;

/** Every error status an API route may answer, each with the `{error, message}` body. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
};

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 } },
  required: ['id'],
} as const;
