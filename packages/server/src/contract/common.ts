// Pieces every part of the API contract shares: the one error shape (errors.ts), an `:id` parameter,
// paged lists, and the two helpers that keep schemas exact.
import { Type, type Static, type TArray, type TObject, type TProperties, type TSchema } from 'typebox';

/**
 * An object with exactly these fields. Answers are built with it so that a schema lists every field
 * that may leave the server and nothing else passes (Fastify serialises by it; the strict answer
 * check of the tests validates against it).
 */
export function exactObject<T extends TProperties>(properties: T, description?: string): TObject<T> {
  return Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
}

/**
 * A value or null, written as `type: [type, 'null']`: one type keyword, so that Ajv's messages and
 * fast-json-stringify's output stay those of the plain type.
 */
export function nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** A map of data keys (e.g. profile values): its keys are data, not fields of the contract. */
export const anyMap = Type.Record(Type.String(), Type.Unknown());
export type AnyMap = Static<typeof anyMap>;

export const stringList = Type.Array(Type.String());

export const errorBody = exactObject({ error: Type.String(), message: Type.String() });
/** The body of every failed API call: `error` a short summary to show, `message` what to do. */
export type ErrorBody = Static<typeof errorBody>;

/** Every error status an API route may answer, each with the `{error, message}` body. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  // The signed-in role may not do this (issue 22).
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
  // The database is unavailable (errors.ts); answered with Retry-After.
  503: errorBody,
};

/** The answer of a request that succeeds with no body. */
export const noContent = Type.Null();

export const idParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/**
 * `limit` and `offset` of a paged list, with the list's default page size. Required with a default:
 * Ajv fills in what the query leaves out (useDefaults), so a handler always has both.
 */
export function pagingProperties(defaultLimit: number, maxLimit = 1000) {
  return {
    limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  };
}

/** The answer of a paged list: `{ [key]: items, total, limit, offset }`. */
export function pagedList<K extends string, T extends TSchema>(key: K, item: T) {
  return exactObject({
    ...({ [key]: Type.Array(item) } as { [P in K]: TArray<T> }),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  });
}
