// GET /api/openapi.json and GET /api/docs (issue 22): for any signed-in user or API token. Both are
// built once, on first request, from every route then registered (the app is ready by then).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../contract';
import { buildOpenApiDocument, renderApiReference, type OpenApiDocument } from './openapi';

const VERSION = '0.1.0';

export async function apiReferenceRoutes(app: FastifyInstance): Promise<void> {
  let doc: OpenApiDocument | null = null;
  const document = () => (doc ??= buildOpenApiDocument(app.routeTable, VERSION));
  app.get(
    '/api/openapi.json',
    {
      config: { permission: 'read' },
      schema: { response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses } },
    },
    async () => document(),
  );
  app.get(
    '/api/docs',
    { config: { permission: 'read' }, schema: { response: { 200: Type.String(), ...errorResponses } } },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(renderApiReference(document())),
  );
}
