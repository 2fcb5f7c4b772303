// Files for operators: upload firmware and configuration, list, download, delete, and a device's
// files. The transfer actions that make jobs of them (firmware-upgrade, upload-file, download-file,
// backup-config, restore-config) are the jobs module's (jobs/transfer-routes.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { type FileKind, type StoredFile } from '../../contract';
import type { FileRow } from '../../db/tables/files';
import { storedFileHeaders } from '../../http/download';
import { readMultipart } from './read-multipart';
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

export async function filesRoutes(fastify: FastifyInstance, o: { store: FileStore; maxFileBytes: number }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { devices } = app.services;
  const { store } = o;

  app.post(
    '/api/files',
    { config: { permission: 'operate' }, schema: uploadFileSchema },
    async (request, reply) => {
      const { file } = await readMultipart(
        request,
        'file',
        store,
        (fields) => UPLOAD_KINDS.find((kind) => kind === fields.kind) ?? 'firmware',
        o.maxFileBytes,
      );
      request.log.info({ fileId: file.id, kind: file.kind, size: file.size }, 'file uploaded');
      return reply.code(201).send({ file: toApiFile(file) });
    },
  );

  app.get('/api/files', { config: { permission: 'read' }, schema: listFilesSchema }, async (request) => {
    return { files: (await store.list(request.query)).map(toApiFile) };
  });

  app.get(
    '/api/files/:id/download',
    { config: { permission: 'operate' }, schema: downloadFileSchema },
    async (request, reply) => {
      const file = await store.get(request.params.id);
      return reply.headers(storedFileHeaders(file.name, file.size)).send(await store.open(file));
    },
  );

  app.delete(
    '/api/files/:id',
    { config: { permission: 'operate' }, schema: deleteFileSchema },
    async (request, reply) => {
      await store.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/devices/:id/files',
    { config: { permission: 'read' }, schema: deviceFilesSchema },
    async (request) => {
      const device = await devices.get(request.params.id);
      return { files: (await store.list({ deviceId: device.id, limit: 1000, offset: 0 })).map(toApiFile) };
    },
  );
}
