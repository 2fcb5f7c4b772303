// Files for operators (upload firmware and configuration, list, download, delete) and the transfer
// actions of spec §7 Devices: firmware-upgrade, upload-file, download-file, backup-config,
// restore-config, and the bulk firmware upgrade.
import type { MultipartFile } from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FileKind, type FirmwareInput, type StoredFile } from '../../contract';
import type { FileRow } from '../../db/tables/files';
import type { DeviceRow } from '../../db/tables/devices';
import type { JobType } from '../../db/tables/jobs';
import { AppError } from '../../errors';
import { perDevice } from '../jobs/bulk';
import {
  bulkFirmwareSchema,
  deviceActionSchema,
  deviceActionWithBody,
  jobTypeParams,
  type JobTypeParams,
} from '../jobs/schemas';
import { toApiJob } from '../jobs/service';
import {
  deleteFileSchema,
  deviceFilesSchema,
  downloadFileSchema,
  listFilesSchema,
  uploadFileSchema,
} from './schemas';
import type { FileStore } from './store';

/** The kinds an operator uploads; what routers send (backups, logs) is theirs. */
const UPLOAD_KINDS = ['firmware', 'config', 'other'] as const satisfies readonly FileKind[];

/** A stored file as the API answers it: every field named, never a transfer's secret. */
export function toApiFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    size: row.size,
    sha256: row.sha256,
    contentType: row.content_type,
    deviceId: row.device_id,
    jobId: row.job_id,
    createdAt: row.created_at,
    downloadUrl: `/api/files/${row.id}/download`,
  };
}

/** Reads multipart fields: the named file part (streamed to the store) and the text fields. */
async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  store: FileStore,
  kindOf: (fields: Record<string, string>, file: MultipartFile) => FileKind,
  maxBytes: number,
  check?: (file: MultipartFile) => void,
  deviceId?: string,
): Promise<{ file: FileRow; fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'Multipart body expected',
      `Send multipart/form-data with the file in the "${fileField}" field.`,
    );
  }
  const fields: Record<string, string> = {};
  let saved: FileRow | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === fileField && !saved) {
      check?.(part);
      saved = await store.save(part.file, {
        kind: kindOf(fields, part),
        name: part.filename,
        contentType: part.mimetype,
        maxBytes,
        deviceId: deviceId ?? null,
      });
      if (part.file.truncated) {
        await store.remove(saved.id);
        throw new AppError(413, 'File too large', `Files may be at most ${maxBytes} bytes.`);
      }
    } else {
      part.file.resume();
    }
  }
  if (!saved) throw new AppError(400, 'File missing', `Attach the file in the "${fileField}" field.`);
  return { file: saved, fields };
}

export async function filesRoutes(fastify: FastifyInstance, o: { store: FileStore; maxFileBytes: number }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { devices, jobs } = app.services;
  const { store } = o;

  app.post('/api/files', { schema: uploadFileSchema }, async (request, reply) => {
    const { file } = await readMultipart(
      request,
      'file',
      store,
      (fields) => UPLOAD_KINDS.find((kind) => kind === fields.kind) ?? 'firmware',
      o.maxFileBytes,
    );
    request.log.info({ fileId: file.id, kind: file.kind, size: file.size }, 'file uploaded');
    return reply.code(201).send({ file: toApiFile(file) });
  });

  app.get('/api/files', { schema: listFilesSchema }, async (request) => {
    return { files: (await store.list(request.query)).map(toApiFile) };
  });

  app.get('/api/files/:id/download', { schema: downloadFileSchema }, async (request, reply) => {
    const file = await store.get(request.params.id);
    return reply
      .type(file.content_type)
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${file.name.replace(/"/g, '')}"`)
      .send(await store.open(file));
  });

  app.delete('/api/files/:id', { schema: deleteFileSchema }, async (request, reply) => {
    await store.remove(request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/api/devices/:id/files', { schema: deviceFilesSchema }, async (request) => {
    const device = await devices.get(request.params.id);
    return { files: (await store.list({ deviceId: device.id, limit: 1000, offset: 0 })).map(toApiFile) };
  });

  const one = async <T extends JobType>(device: DeviceRow, type: T, params: JobTypeParams<T>) => {
    const [job] = await jobs.create([device], type, params);
    return { success: true, job: toApiJob(job!) };
  };

  async function firmwareParams(body: FirmwareInput): Promise<JobTypeParams<'firmware-upgrade'>> {
    if (body.fileId) {
      const file = await store.get(body.fileId);
      return { fileId: file.id, version: body.version };
    }
    if (!body.firmwareUrl || !/^https?:\/\/\S+$/.test(body.firmwareUrl)) {
      throw new AppError(
        400,
        'Firmware URL required',
        'Give firmwareUrl (an http:// or https:// URL the router can reach) or the fileId of an uploaded firmware file.',
      );
    }
    return { firmwareUrl: body.firmwareUrl, version: body.version };
  }

  app.post(
    '/api/devices/:id/firmware-upgrade',
    { schema: deviceActionWithBody(jobTypeParams['firmware-upgrade']) },
    async (request) => {
      const device = await devices.get(request.params.id);
      return one(device, 'firmware-upgrade', await firmwareParams(request.body));
    },
  );

  app.post('/api/provisioning/bulk/firmware-upgrade', { schema: bulkFirmwareSchema }, async (request) => {
    const { deviceIds, ...body } = request.body;
    const params = await firmwareParams(body);
    return perDevice(devices, deviceIds, (found) => jobs.create(found, 'firmware-upgrade', params));
  });

  app.post('/api/devices/:id/upload-file', { schema: deviceActionSchema }, async (request) => {
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
    if (!targetPath) {
      await store.remove(file.id);
      throw new AppError(
        400,
        'Target path required',
        'Give the path on the router where the file goes, in the "targetPath" field.',
      );
    }
    return one(device, 'download-file', { fileId: file.id, targetPath });
  });

  app.post(
    '/api/devices/:id/download-file',
    { schema: deviceActionWithBody(jobTypeParams['upload-file']) },
    async (request) => {
      const device = await devices.get(request.params.id);
      return one(device, 'upload-file', { filePath: request.body.filePath });
    },
  );

  app.post('/api/devices/:id/backup-config', { schema: deviceActionSchema }, async (request) => {
    const device = await devices.get(request.params.id);
    return one(device, 'backup-config', {});
  });

  app.post('/api/devices/:id/restore-config', { schema: deviceActionSchema }, async (request) => {
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
  });
}
