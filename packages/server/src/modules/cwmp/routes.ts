import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { connectionTestResult, errorResponses, idParams, type ConnectionTestResult } from '../../contract';
import { connectionTarget } from './connection-request';

export async function connectionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { devices, connectionRequests, settings } = app.services;

  app.post(
    '/api/devices/:id/test-connection',
    {
      config: { permission: 'operate' },
      schema: { params: idParams, response: { 200: connectionTestResult, ...errorResponses } },
    },
    async (request): Promise<ConnectionTestResult> => {
      const { id } = request.params;
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
      return {
        success: result.outcome === 'reachable',
        outcome: result.outcome,
        status: result.status,
        durationMs: result.durationMs,
        message: result.message,
      };
    },
  );
}
