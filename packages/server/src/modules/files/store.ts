// The file store: bytes on disk under one directory, named by id only, so no name a person or a
// CPE sends can ever become a path (no traversal). Metadata lives in the `files` table.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileKind, FileRow } from '../../db/tables/files';
import { AppError } from '../../errors';

export interface SaveInput {
  kind: FileKind;
  name: string;
  contentType?: string;
  deviceId?: string | null;
  jobId?: string | null;
  maxBytes: number;
}

/** A display name: the last path segment, printable, at most 255 characters. */
export function sanitizeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^\w.\- ()+@]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 255);
  return clean || 'file';
}

/**
 * PostgreSQL answers a bigint column as text (node-postgres keeps int8 exact); the size is a number
 * everywhere else, e.g. a Download's FileSize (TR-069 Amendment 6, A.3.2.8), which the codec refuses
 * as text.
 */
function withNumberSize(row: FileRow): FileRow {
  return { ...row, size: Number(row.size) };
}

/**
 * Why a stored file cannot be sent to routers as their firmware (a router's backup or log, an
 * operator's config file), or null when it is firmware. A clause, to follow a field's name or begin
 * a sentence.
 */
export function notFirmware(file: Pick<FileRow, 'name' | 'kind'>): string | null {
  return file.kind === 'firmware'
    ? null
    : `the file "${file.name}" is a ${file.kind} file, not firmware; choose a firmware file.`;
}

export function createFileStore(db: Kysely<Database>, root: string) {
  mkdirSync(root, { recursive: true });
  const pathOf = (id: string) => join(root, id);

  return {
    async save(source: Readable, input: SaveInput): Promise<FileRow> {
      const id = randomUUID();
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > input.maxBytes) {
            done(new AppError(413, 'File too large', `Files may be at most ${input.maxBytes} bytes.`));
            return;
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(pathOf(id), { flags: 'wx' }));
      } catch (err) {
        await rm(pathOf(id), { force: true });
        // A multipart stream cut at its own limit reports it as `truncated`.
        throw err;
      }
      const row: FileRow = {
        id,
        kind: input.kind,
        name: sanitizeName(input.name),
        size,
        sha256: hash.digest('hex'),
        content_type: (input.contentType || 'application/octet-stream').slice(0, 128),
        device_id: input.deviceId ?? null,
        job_id: input.jobId ?? null,
        created_at: new Date().toISOString(),
      };
      await db.insertInto('files').values(row).execute();
      return row;
    },
    async get(id: string): Promise<FileRow> {
      const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError(404, 'File not found', `No file has the id "${id}".`);
      return withNumberSize(row);
    },
    /** The newest file a job received from its CPE (by time, then id, as keepNewestOfJob). */
    async byJob(jobId: string): Promise<FileRow | undefined> {
      const row = await db
        .selectFrom('files')
        .selectAll()
        .where('job_id', '=', jobId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && withNumberSize(row);
    },
    /**
     * Keeps only the newest file a job received (by time, then id), removing the others: a router
     * that sends its upload again replaces it, one file a job however often the job's URL is used.
     * Every process that stored one of them runs the same deletion after its insert, so they agree
     * on the one kept, even two stored in the same millisecond.
     */
    async keepNewestOfJob(jobId: string): Promise<number> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('job_id', '=', jobId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      for (const { id } of rows.slice(1)) {
        await db.deleteFrom('files').where('id', '=', id).execute();
        await rm(pathOf(id), { force: true });
      }
      return Math.max(0, rows.length - 1);
    },
    async list(q: { deviceId?: string; kind?: FileKind; limit: number; offset: number }): Promise<FileRow[]> {
      let query = db.selectFrom('files').selectAll();
      if (q.deviceId) query = query.where('device_id', '=', q.deviceId);
      if (q.kind) query = query.where('kind', '=', q.kind);
      const rows = await query.orderBy('created_at', 'desc').limit(q.limit).offset(q.offset).execute();
      return rows.map(withNumberSize);
    },
    async open(row: FileRow): Promise<Readable> {
      try {
        await stat(pathOf(row.id));
      } catch {
        throw new AppError(
          404,
          'File missing',
          `The bytes of file "${row.name}" are missing from the store.`,
        );
      }
      return createReadStream(pathOf(row.id));
    },
    async remove(id: string): Promise<void> {
      const row = await this.get(id);
      await db.deleteFrom('files').where('id', '=', row.id).execute();
      await rm(pathOf(row.id), { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
