// API tokens for admins (issue 22): list (never the secret), create (the secret answered once),
// revoke (kept in the list with its revokedAt; its live sockets close).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses, idParams, noContent } from '../../contract/common';
import { apiTokenList, createdToken, createTokenBody } from '../../contract/users';

export async function tokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { apiTokens, auth } = app.services;

  app.get(
    '/api/tokens',
    { config: { permission: 'admin' }, schema: { response: { 200: apiTokenList, ...errorResponses } } },
    async () => ({ tokens: await apiTokens.list() }),
  );
  app.post(
    '/api/tokens',
    {
      config: { permission: 'admin' },
      schema: { body: createTokenBody, response: { 201: createdToken, ...errorResponses } },
    },
    async (request, reply) => {
      const created = await apiTokens.create(request.body, request.auth!.username);
      request.auditTarget = `${created.token.name} (${created.token.id})`;
      return reply.code(201).send(created);
    },
  );
  app.delete(
    '/api/tokens/:id',
    {
      config: { permission: 'admin' },
      schema: { params: idParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await apiTokens.revoke(request.params.id);
      auth.tokenRevoked(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
