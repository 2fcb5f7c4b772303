import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  activityPage,
  activityQuery,
  deviceStats,
  errorResponses,
  performanceHistory,
  statsTrend,
} from '../../contract';

export async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { stats, activity, performance, snapshots } = app.services;
  app.get(
    '/api/stats',
    { config: { permission: 'read' }, schema: { response: { 200: deviceStats, ...errorResponses } } },
    async () => stats.compute(),
  );
  app.get(
    '/api/stats/performance',
    { config: { permission: 'read' }, schema: { response: { 200: performanceHistory, ...errorResponses } } },
    async () => performance.history(),
  );
  app.get(
    '/api/stats/trend',
    { config: { permission: 'read' }, schema: { response: { 200: statsTrend, ...errorResponses } } },
    async () => snapshots.trend(),
  );
  app.get(
    '/api/activity',
    {
      config: { permission: 'read' },
      schema: { querystring: activityQuery, response: { 200: activityPage, ...errorResponses } },
    },
    async (request) => activity.page(request.query),
  );
}
