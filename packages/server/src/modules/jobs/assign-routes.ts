// Assigning profiles (spec §7: devices/{id}/assign-profile, devices/bulk-assign,
// provisioning/assign-profile): the device remembers its profile and an apply-profile job pushes the
// profile's rendered parameters, as they are at assignment time; the router is woken for it
// (assignment.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  assignedProfile,
  assignProfileBody,
  assignProfileManyBody,
  bulkAssignBody,
  bulkAssignResults,
  bulkResults,
  errorResponses,
  idParams,
  type BulkAssignResults,
} from '../../contract';
import type { DeviceRow } from '../../db/tables/devices';
import { AppError } from '../../errors';
import { toApiDevice } from '../devices/index';
import { chooseDevices, chunkedSelection, runBulk, runBulkOn, type BulkCall } from './bulk';
import { toApiJob } from './service';

export async function assignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { devices, operations, profiles, assignments, groups } = app.services;
  const assign = (targets: DeviceRow[], profileId: string) => assignments.assign(targets, profileId);

  app.post(
    '/api/devices/:id/assign-profile',
    {
      config: { permission: 'operate' },
      schema: {
        params: idParams,
        body: assignProfileBody,
        response: { 200: assignedProfile, ...errorResponses },
      },
    },
    async (request) => {
      const device = await devices.get(request.params.id);
      const [job] = await assign([device], request.body.profileId);
      return {
        success: true,
        device: toApiDevice((await devices.findById(device.id))!),
        job: toApiJob(job!),
      };
    },
  );

  app.post(
    '/api/provisioning/assign-profile',
    {
      config: { permission: 'operate' },
      schema: { body: assignProfileManyBody, response: { 200: bulkResults, ...errorResponses } },
    },
    async (request) => {
      const { deviceIds, filter, groupId, profileId } = request.body;
      const deps = { devices, operations, groups };
      const call = (params: BulkCall['params'], name: string): BulkCall => ({
        selection: { deviceIds, filter, groupId },
        type: 'apply-profile',
        params,
        createdBy: request.auth?.username ?? null,
        summary: `Assign profile "${name}" (version ${params.profileVersion})`,
      });
      // The devices, then the profile, are checked before anything is written.
      if (deviceIds === undefined && (filter !== undefined || groupId !== undefined)) {
        // By filter or group, a chunk at a time like every bulk call by filter or group (bulk.ts
        // runBulk): 100,000 devices are never read at once. One device is read first so that a
        // selection matching nothing is refused before the profile is looked at.
        const { match, empty } = await chunkedSelection(deps, { filter, groupId });
        if ((await devices.matchingAfter(match, null, 1)).length === 0) throw empty();
        const params = await assignments.pushFor(profileId);
        const { name } = await profiles.get(profileId);
        return runBulk(deps, call(params, name), async (chunk, operationId) => {
          await devices.assignProfile(
            chunk.map((d) => d.id),
            params.profileId,
          );
          return assignments.queue(chunk, params, operationId);
        });
      }
      const chosen = await chooseDevices(devices, { deviceIds, filter, groupId }, groups);
      const params = await assignments.pushFor(profileId);
      const { name } = await profiles.get(profileId);
      return runBulkOn(deps, call(params, name), chosen, async (found, operationId) => {
        await devices.assignProfile(
          found.map((d) => d.id),
          params.profileId,
        );
        return assignments.queue(found, params, operationId);
      });
    },
  );

  app.post(
    '/api/devices/bulk-assign',
    {
      config: { permission: 'operate' },
      schema: { body: bulkAssignBody, response: { 200: bulkAssignResults, ...errorResponses } },
    },
    async (request) => {
      const { assignments } = request.body;
      const results: BulkAssignResults['results'] = [];
      // Each assignment stands alone: one bad profile or device does not stop the others.
      for (const a of assignments) {
        try {
          const [job] = await assign([await devices.get(a.deviceId)], a.profileId);
          results.push({ deviceId: a.deviceId, profileId: a.profileId, success: true, jobId: job!.id });
        } catch (err) {
          results.push({
            deviceId: a.deviceId,
            profileId: a.profileId,
            success: false,
            error: err instanceof AppError ? `${err.error}: ${err.message}` : 'Assignment failed',
          });
        }
      }
      return {
        results,
        successful: results.filter((r) => r.success).length,
        failed: results.filter((r) => !r.success).length,
      };
    },
  );
}
