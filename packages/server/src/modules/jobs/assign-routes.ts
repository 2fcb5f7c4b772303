// Assigning profiles (spec §7: devices/{id}/assign-profile, devices/bulk-assign,
// provisioning/assign-profile): the device remembers its profile and an apply-profile job pushes the
// profile's rendered parameters, as they are at assignment time.
import type { FastifyInstance } from 'fastify';
import type { DeviceRow } from '../../db/tables/devices';
import { AppError } from '../../errors';
import { errorResponses, idParams } from '../../http/schemas';
import { deviceSchema, toApiDevice } from '../devices/index';
import { toApiProfile } from '../profiles/index';
import { perDevice } from './bulk';
import { bulkAssignResults, bulkResults, jobSchema } from './schemas';
import { toApiJob } from './service';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;

export async function assignRoutes(app: FastifyInstance) {
  const { devices, jobs, profiles } = app.services;

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
    return { profileId: profile.id, profileVersion: profile.version, parameters: profile.renderedParams };
  }

  async function assign(targets: DeviceRow[], profileId: string) {
    const params = await snapshot(profileId);
    await devices.assignProfile(
      targets.map((d) => d.id),
      profileId,
    );
    return jobs.create(targets, 'apply-profile', params);
  }

  app.post(
    '/api/devices/:id/assign-profile',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { profileId: id },
          required: ['profileId'],
        },
        response: {
          200: {
            type: 'object',
            properties: { success: { type: 'boolean' }, device: deviceSchema, job: jobSchema },
            required: ['success', 'device', 'job'],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const device = await devices.get((request.params as { id: string }).id);
      const [job] = await assign([device], (request.body as { profileId: string }).profileId);
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
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            deviceIds: { type: 'array', minItems: 1, maxItems: 100_000, items: id },
            profileId: id,
          },
          required: ['deviceIds', 'profileId'],
        },
        response: { 200: bulkResults, ...errorResponses },
      },
    },
    async (request) => {
      const { deviceIds, profileId } = request.body as { deviceIds: string[]; profileId: string };
      return perDevice(devices, deviceIds, (found) => assign(found, profileId));
    },
  );

  app.post(
    '/api/devices/bulk-assign',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            assignments: {
              type: 'array',
              minItems: 1,
              maxItems: 10_000,
              items: {
                type: 'object',
                additionalProperties: false,
                properties: { deviceId: id, profileId: id },
                required: ['deviceId', 'profileId'],
              },
            },
          },
          required: ['assignments'],
        },
        response: {
          200: bulkAssignResults,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { assignments } = request.body as { assignments: { deviceId: string; profileId: string }[] };
      const results = [];
      // Each assignment stands alone: one bad profile or device does not stop the others.
      for (const a of assignments) {
        try {
          const [job] = await assign([await devices.get(a.deviceId)], a.profileId);
          results.push({ ...a, success: true, jobId: job!.id });
        } catch (err) {
          results.push({
            ...a,
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
