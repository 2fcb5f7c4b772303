// Assigning profiles (spec §7: devices/{id}/assign-profile, devices/bulk-assign,
// provisioning/assign-profile): the device remembers its profile and an apply-profile job pushes the
// profile's rendered parameters, as they are at assignment time.
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
import { toApiProfile } from '../profiles/index';
import { chooseDevices, runBulk } from './bulk';
import { toApiJob } from './service';

export async function assignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { devices, jobs, operations, profiles } = app.services;

  /** A valid profile's snapshot for apply-profile jobs. */
  async function snapshot(profileId: string) {
    const profile = toApiProfile(await profiles.get(profileId));
    if (profile.validationStatus !== 'valid') {
      const why = profile.validationErrors.length ? `: ${profile.validationErrors.join('; ')}` : '';
      throw new AppError(
        400,
        'Profile is not valid',
        `Profile "${profile.name}" does not validate${why}. Fix it before assigning it.`,
      );
    }
    if (profile.renderedParams.length === 0) {
      throw new AppError(
        400,
        'Profile has no parameters',
        `Profile "${profile.name}" renders no parameters; fill in its values first.`,
      );
    }
    return {
      name: profile.name,
      params: { profileId: profile.id, profileVersion: profile.version, parameters: profile.renderedParams },
    };
  }

  async function assign(targets: DeviceRow[], profileId: string) {
    return assignSnapshot(targets, (await snapshot(profileId)).params, null);
  }

  async function assignSnapshot(
    targets: DeviceRow[],
    params: Awaited<ReturnType<typeof snapshot>>['params'],
    operationId: string | null,
  ) {
    await devices.assignProfile(
      targets.map((d) => d.id),
      params.profileId,
    );
    return jobs.create(targets, 'apply-profile', params, undefined, operationId);
  }

  app.post(
    '/api/devices/:id/assign-profile',
    {
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
      schema: { body: assignProfileManyBody, response: { 200: bulkResults, ...errorResponses } },
    },
    async (request) => {
      const { deviceIds, filter, profileId } = request.body;
      // The devices, then the profile, are checked before anything is written.
      const chosen = await chooseDevices(devices, { deviceIds, filter });
      const { name, params } = await snapshot(profileId);
      return runBulk(
        { devices, operations },
        {
          selection: { deviceIds, filter },
          type: 'apply-profile',
          params,
          createdBy: request.auth?.username ?? null,
          summary: `Assign profile "${name}" (version ${params.profileVersion})`,
        },
        (found, operationId) => assignSnapshot(found, params, operationId),
        chosen,
      );
    },
  );

  app.post(
    '/api/devices/bulk-assign',
    {
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
