// Doors for operators' tools (issue 18 point 5), public by route because a load balancer or a
// Prometheus server carries no console sign-in:
// - GET /health: the process answers (liveness). 200 {status: "ok"}, nothing more.
// - GET /ready: the database answers `select 1` (readiness). 200 {status: "ready"}, else 503
//   {status: "unavailable"}: never the error, the dialect or an address.
// - GET /metrics: Prometheus text, only when PROVISOR_METRICS_TOKEN is set, and only to a request
//   bearing that token (401 otherwise); unset, it answers 404 like any path nothing serves.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { errorResponses, healthAnswer } from '../contract';
import { AppError, sendNotFound } from '../errors';
import type { Metrics } from '../modules/stats/index';

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function operationsRoutes(
  fastify: FastifyInstance,
  { metrics, metricsToken }: { metrics: Metrics | null; metricsToken: string | null },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { database } = app.services;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: healthAnswer } } },
    async (_request, reply) => reply.headers(noStore).send({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    { config: { public: true }, schema: { response: { 200: healthAnswer, 503: healthAnswer } } },
    async (_request, reply) => {
      reply.headers(noStore);
      try {
        await sql`select 1`.execute(database.db);
        return reply.send({ status: 'ready' as const });
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );

  const expected = metricsToken === null ? null : digest(metricsToken);
  app.get(
    '/metrics',
    { config: { public: true }, schema: { response: { 200: Type.String(), ...errorResponses } } },
    async (request, reply) => {
      if (metrics === null || expected === null) return sendNotFound(request, reply);
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      // Compared as digests: equal lengths, constant time.
      if (!timingSafeEqual(digest(given), expected))
        throw new AppError(
          401,
          'Unauthorized',
          'GET /metrics needs the header "Authorization: Bearer <PROVISOR_METRICS_TOKEN>".',
        );
      return reply.headers({ ...noStore, 'content-type': metrics.contentType }).send(await metrics.text());
    },
  );
}
