// The transfer actions of spec §7 Devices, each a job: firmware-upgrade (one device and in bulk),
// upload-file (an operator's file to the router: CWMP Download), download-file (a file of the router
// to the store: CWMP Upload), backup-config and restore-config. The files they carry live in the
// files module's store.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { FirmwareInput } from '../../contract';
import type { DeviceRow } from '../../db/tables/devices';
import { AppError } from '../../errors';
import { notFirmware, readMultipart, type FileStore } from '../files/index';
import { runBulk } from './bulk';
import { downloadFileType, uploadFileType } from './file-types';
import {
  bulkFirmwareSchema,
  deviceActionSchema,
  deviceActionWithBody,
  jobTypeParams,
  type JobTypeParams,
} from './schemas';
import { toApiJob } from './service';
import type { JobType } from './types';

export async function transferRoutes(
  fastify: FastifyInstance,
  o: { store: FileStore; maxFileBytes: number },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { devices, jobs, operations, groups } = app.services;
  const { store } = o;

  const one = async <T extends JobType>(device: DeviceRow, type: T, params: JobTypeParams<T>) => {
    const [job] = await jobs.create([device], type, params);
    return { success: true, job: toApiJob(job!) };
  };

  async function firmwareParams(body: FirmwareInput): Promise<JobTypeParams<'firmware-upgrade'>> {
    if (body.fileId) {
      const file = await store.get(body.fileId);
      // As a campaign's: a router's backup or log, sent to routers as their firmware, is not one.
      const why = notFirmware(file);
      if (why) throw new AppError(400, 'Not a firmware file', why.charAt(0).toUpperCase() + why.slice(1));
      return { fileId: file.id, version: body.version };
    }
    if (!body.firmwareUrl) {
      throw new AppError(
        400,
        'Firmware URL required',
        'Give firmwareUrl (an http:// or https:// URL the router can reach) or the fileId of an uploaded firmware file.',
      );
    }
    if (!/^https?:\/\/\S+$/.test(body.firmwareUrl)) {
      throw new AppError(
        400,
        'Invalid firmware URL',
        `"${body.firmwareUrl}" is not an http:// or https:// URL; give one the router can reach, e.g. http://files.example.net/fw.bin, or choose an uploaded firmware file.`,
      );
    }
    return { firmwareUrl: body.firmwareUrl, version: body.version };
  }

  app.post(
    '/api/devices/:id/firmware-upgrade',
    { config: { permission: 'operate' }, schema: deviceActionWithBody(jobTypeParams['firmware-upgrade']) },
    async (request) => {
      const device = await devices.get(request.params.id);
      return one(device, 'firmware-upgrade', await firmwareParams(request.body));
    },
  );

  app.post(
    '/api/provisioning/bulk/firmware-upgrade',
    { config: { permission: 'operate' }, schema: bulkFirmwareSchema },
    async (request) => {
      const { deviceIds, filter, groupId, ...body } = request.body;
      const params = await firmwareParams(body);
      return runBulk(
        { devices, operations, groups },
        {
          selection: { deviceIds, filter, groupId },
          type: 'firmware-upgrade',
          params,
          createdBy: request.auth?.username ?? null,
        },
        (found, operationId) => jobs.create(found, 'firmware-upgrade', params, undefined, operationId),
      );
    },
  );

  app.post(
    '/api/devices/:id/upload-file',
    { config: { permission: 'operate' }, schema: deviceActionSchema },
    async (request) => {
      const device = await devices.get(request.params.id);
      const { file, fields } = await readMultipart(
        request,
        'file',
        store,
        () => 'other',
        o.maxFileBytes,
        undefined,
        device.id,
      );
      const targetPath = (fields.targetPath ?? '').trim();
      let fileType: string;
      try {
        if (!targetPath) {
          throw new AppError(
            400,
            'Target path required',
            'Give the path on the router where the file goes, in the "targetPath" field.',
          );
        }
        // The optional "fileType" field: what the router does with the file (TR-069 Amendment 6, A.3.2.8).
        fileType = downloadFileType(fields.fileType);
      } catch (err) {
        await store.remove(file.id);
        throw err;
      }
      return one(device, 'download-file', { fileId: file.id, targetPath, fileType });
    },
  );

  app.post(
    '/api/devices/:id/download-file',
    { config: { permission: 'operate' }, schema: deviceActionWithBody(jobTypeParams['upload-file']) },
    async (request) => {
      const device = await devices.get(request.params.id);
      const { filePath } = request.body;
      // The path picks the file among those the router lists (jobs/file-types.ts).
      const fileType = uploadFileType(filePath, request.body.fileType, await devices.parametersOf(device.id));
      return one(device, 'upload-file', { filePath, fileType });
    },
  );

  app.post(
    '/api/devices/:id/backup-config',
    { config: { permission: 'operate' }, schema: deviceActionSchema },
    async (request) => {
      const device = await devices.get(request.params.id);
      return one(device, 'backup-config', {});
    },
  );

  app.post(
    '/api/devices/:id/restore-config',
    { config: { permission: 'operate' }, schema: deviceActionSchema },
    async (request) => {
      const device = await devices.get(request.params.id);
      const { file } = await readMultipart(
        request,
        'configFile',
        store,
        () => 'config',
        o.maxFileBytes,
        (part) => {
          // spec §5: restore configuration accepts .xml and .json files.
          if (!/\.(xml|json)$/i.test(part.filename)) {
            part.file.resume();
            throw new AppError(
              400,
              'Unsupported configuration file',
              `Restore configuration accepts .xml and .json files; got "${part.filename}".`,
            );
          }
        },
        device.id,
      );
      return one(device, 'restore-config', { fileId: file.id });
    },
  );
}
