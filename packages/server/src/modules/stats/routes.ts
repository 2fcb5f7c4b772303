import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { deviceStats, errorResponses } from '../../contract';

export async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/stats', { schema: { response: { 200: deviceStats, ...errorResponses } } }, async () =>
    app.services.stats.compute(),
  );
}
