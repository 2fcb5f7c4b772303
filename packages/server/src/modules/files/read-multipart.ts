// Operators' uploads: a multipart body whose named file part is streamed to the store, with its text
// fields. Used by the file routes here and by the job routes that take a file (jobs/transfer-routes.ts).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FileKind } from '../../contract';
import type { FileRow } from '../../db/tables/files';
import { AppError } from '../../errors';
import type { FileStore } from './store';

/** Reads multipart fields: the named file part (streamed to the store) and the text fields. */
export async function readMultipart(
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
