// The audit log's HTTP side (issue 22): a hook that records every non-GET call of a non-public route
// (and the sign-in, its failures, the sign-out) once its answer is sent, and the admin's routes to
// read and export the log. The entry is buffered (log.ts): the call's answer never waits for it.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../contract/common';
import { auditPage, auditQuery } from '../../contract/users';
import { auditAction, routePermission } from '../auth/index';
import type { AuditLog } from './log';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the audit log names as this call's target when the route's `:id` is not it. */
    auditTarget: string | null;
  }
}

const { limit: _limit, offset: _offset, ...filters } = auditQuery.properties;
/** GET /api/audit/export.csv: the page's filters, no paging. */
export const auditExportQuery = Type.Object(filters, { additionalProperties: false });

/** The target of a call: a handler's own, else the route's `:id`, else the size of a bulk selection. */
function targetOf(request: FastifyRequest): string | null {
  if (request.auditTarget) return request.auditTarget;
  const params = request.params as Record<string, unknown> | undefined;
  if (params && typeof params.id === 'string') return params.id;
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object') {
    if (Array.isArray(body.deviceIds)) return `${body.deviceIds.length} devices`;
    if (typeof body.groupId === 'string') return `group ${body.groupId}`;
    if (body.filter && typeof body.filter === 'object') return 'devices by filter';
  }
  return null;
}

async function auditPlugin(fastify: FastifyInstance, { audit }: { audit: AuditLog }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.decorateRequest('auditTarget', null);

  // The error's message of a failed call, read from the error answer once it is serialised.
  app.addHook('onSend', async (request, reply, payload) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (write && reply.statusCode >= 400 && !request.auditDetail && typeof payload === 'string') {
      try {
        const message = (JSON.parse(payload) as { message?: unknown }).message;
        if (typeof message === 'string') request.auditDetail = message;
      } catch {
        // A text answer: its text is the message.
        request.auditDetail = payload.slice(0, 500);
      }
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const { method } = request;
    const url = request.routeOptions.url;
    if (method === 'GET' || method === 'HEAD' || !url) return;
    const config = request.routeOptions.config;
    const permission = routePermission(config);
    // Public routes are the router doors and the console's files, but for the sign-in (its `action`).
    if (permission === 'public' && !config.action) return;
    // A call refused before anyone was authenticated names nobody: it changed nothing.
    if (permission !== 'public' && !request.auth) return;
    const status = reply.statusCode;
    const failed = status >= 400;
    let action = config.action ?? auditAction(method, url);
    let actor = request.auth
      ? request.auth.kind === 'token'
        ? `token:${request.auth.tokenName}`
        : request.auth.username
      : null;
    if (action === 'auth.login') {
      const tried = (request.body as { username?: unknown } | undefined)?.username;
      actor = typeof tried === 'string' ? tried : null;
      if (failed) action = 'auth.login_failed';
    }
    audit.record({
      actor,
      role: request.auth?.role ?? request.auditRole ?? null,
      action,
      route: `${method} ${url}`,
      target: targetOf(request),
      address: request.ip,
      result: failed ? 'failure' : 'success',
      status,
      detail: request.auditDetail,
    });
  });
  app.addHook('onClose', async () => audit.stop());

  app.get(
    '/api/audit',
    {
      config: { permission: 'admin' },
      schema: { querystring: auditQuery, response: { 200: auditPage, ...errorResponses } },
    },
    async (request) => audit.page(request.query),
  );
  app.get(
    '/api/audit/export.csv',
    {
      config: { permission: 'admin' },
      schema: { querystring: auditExportQuery, response: { 200: Type.String(), ...errorResponses } },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(await audit.csv(request.query)),
  );
}

export default fp(auditPlugin, { name: 'provisor-audit', dependencies: ['provisor-auth'] });
