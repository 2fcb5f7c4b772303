// The API contract: every shape the REST API and the live channel take and answer, as TypeBox schemas
// (the routes validate and serialise by them) and their TypeScript types (the handlers and the
// console use them). Pure: nothing here imports Fastify, Kysely or any other part of the server, so
// the console can import its types (`import type ... from '@provisor/server/contract'`).
export * from './activity';
export * from './auth';
export * from './campaigns';
export * from './common';
export * from './devices';
export * from './files';
export * from './jobs';
export * from './live';
export * from './profiles';
export * from './settings';
export * from './stats';
export * from './templates';
export * from './users';
export * from './operations';
