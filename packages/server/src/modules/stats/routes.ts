import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../http/schemas';

const count = { type: 'integer' } as const;

export async function statsRoutes(app: FastifyInstance) {
  app.get(
    '/api/stats',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              totalDevices: count,
              onlineDevices: count,
              provisioningDevices: count,
              errorDevices: count,
              pendingJobs: count,
              completedJobs: count,
              failedJobs: count,
            },
            required: [
              'totalDevices',
              'onlineDevices',
              'provisioningDevices',
              'errorDevices',
              'pendingJobs',
              'completedJobs',
              'failedJobs',
            ],
          },
          ...errorResponses,
        },
      },
    },
    async () => app.services.stats.compute(),
  );
}
