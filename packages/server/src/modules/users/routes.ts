// Users and roles for admins (issue 22): list, add, set role, disable, reset password. Disabling a
// user or giving them a new password ends all their sessions (their tokens answer 401, their live
// sockets close).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses, idParams } from '../../contract/common';
import { createUserBody, updateUserBody, user, userList } from '../../contract/users';

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { users, auth } = app.services;

  app.get(
    '/api/users',
    { config: { permission: 'admin' }, schema: { response: { 200: userList, ...errorResponses } } },
    async () => ({ users: await users.list() }),
  );
  app.post(
    '/api/users',
    {
      config: { permission: 'admin' },
      schema: { body: createUserBody, response: { 201: user, ...errorResponses } },
    },
    async (request, reply) => {
      request.auditTarget = request.body.username;
      return reply.code(201).send(await users.create(request.body));
    },
  );
  app.patch(
    '/api/users/:id',
    {
      config: { permission: 'admin' },
      schema: { params: idParams, body: updateUserBody, response: { 200: user, ...errorResponses } },
    },
    async (request) => {
      const { user: updated, sessionsEnded } = await users.update(request.params.id, request.body);
      request.auditTarget = updated.username;
      // What changed, so that a promotion and a re-enable do not read the same in the audit log
      // (never the password itself).
      const { role, disabled, password } = request.body;
      request.auditDetail = [
        ...(role !== undefined ? [`role: ${role}`] : []),
        ...(disabled !== undefined ? [disabled ? 'disabled' : 'enabled'] : []),
        ...(password !== undefined ? ['password reset'] : []),
      ].join(', ');
      if (sessionsEnded) auth.userRevoked(updated.id);
      return updated;
    },
  );
}
