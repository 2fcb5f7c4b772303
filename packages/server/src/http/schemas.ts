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
  // The database is unavailable (errors.ts); answered with Retry-After.
  503: errorBody,
};

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 } },
  required: ['id'],
} as const;

/** `limit` and `offset` of a paged list, with the list's default page size. */
export function pagingProperties(defaultLimit: number) {
  return {
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: defaultLimit },
    offset: { type: 'integer', minimum: 0, default: 0 },
  } as const;
}

/** The answer of a paged list: `{ [key]: items, total, limit, offset }`. */
export function pagedListResponse(key: string, item: object) {
  return {
    type: 'object',
    properties: {
      [key]: { type: 'array', items: item },
      total: { type: 'integer' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
    },
    required: [key, 'total', 'limit', 'offset'],
  } as const;
}
