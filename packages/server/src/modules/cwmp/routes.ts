import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../http/schemas';
import { connectionTarget } from './connection-request';

export async function connectionRoutes(app: FastifyInstance) {
  const { devices, connectionRequests, settings } = app.services;

  app.post(
    '/api/devices/:id/test-connection',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              outcome: { type: 'string' },
              status: { type: 'integer' },
              durationMs: { type: 'integer' },
              message: { type: 'string' },
            },
            required: ['success', 'outcome', 'durationMs', 'message'],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const device = await devices.get(id);
      const cr = settings.get().connectionRequest;
      if (!cr.enabled) {
        return {
          success: false,
          outcome: 'disabled',
          durationMs: 0,
          message: 'Connection requests are disabled in the settings.',
        };
      }
      const result = await connectionRequests.send(connectionTarget(device, cr));
      request.log.info({ deviceId: id, outcome: result.outcome, ms: result.durationMs }, 'connection test');
      return { success: result.outcome === 'reachable', ...result };
    },
  );
}
