// The CPE side of file transfers: GET /files/<job>/<token>/<name> serves a Download job's file, and
// PUT or POST stores an Upload job's file. TR-069 Amendment 6, 3.4.3 names PUT for uploads, but
// routers upload backups and logs by POST as well (issue 23, point 4): both are one route, with the
// same rules. The per-job token is the only credential; a finished job's URL stops working, and a
// job keeps one uploaded file (a later upload replaces it).
import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JobRow } from '../../db/tables/jobs';
import { storedFileHeaders } from '../../http/download';
import type { FileStore } from '../files/index';
import type { JobParams, JobsService } from './service';
import { uploadKindOf } from './descriptor';
import { descriptorOf } from './types';
import { uploadFileType } from './types/upload-file';

export interface CpeFilesOptions {
  jobs: JobsService;
  files: FileStore;
  maxUploadBytes: number;
}

/** `/files/<job>/<token>/<name>`: the job, the secret of its file URL, and the file's name. */
interface CpeFileRoute {
  Params: { job: string; token: string; name: string };
}

function tokenMatches(job: JobRow, token: string): boolean {
  const expected = (JSON.parse(job.params) as JobParams).token ?? '';
  const a = Buffer.from(expected);
  const b = Buffer.from(token);
  return expected !== '' && a.length === b.length && timingSafeEqual(a, b);
}

export async function cpeFilesDoor(app: FastifyInstance, o: CpeFilesOptions) {
  app.removeAllContentTypeParsers();
  // Uploads arrive as any content type; the body is streamed to the store as it comes.
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send('No such file, or the transfer it belonged to is over.');

  /**
   * Jobs whose upload is arriving in this process: one at a time a job, and each upload replaces the
   * one before (a router may send its file again, say when it lost the first answer), so a job's URL
   * keeps one file however often it is used.
   */
  const uploading = new Set<string>();

  async function jobFor(jobId: string, token: string): Promise<JobRow | null> {
    const job = await o.jobs.get(jobId).catch(() => null);
    if (!job || (job.status !== 'pending' && job.status !== 'running') || !tokenMatches(job, token))
      return null;
    return job;
  }

  // Routers are not browsers: no console security headers here (see cwmp/plugin.ts), but the file
  // goes out as bytes to save (storedFileHeaders), since a browser may open its URL too. Public: the
  // job's token in the path is the credential.
  app.get<CpeFileRoute>(
    '/files/:job/:token/:name',
    { helmet: false, config: { public: true } },
    async (request, reply) => {
      const { job: jobId, token } = request.params;
      const job = await jobFor(jobId, token);
      const fileId =
        job && descriptorOf(job.type).transfer?.direction === 'download'
          ? (JSON.parse(job.params) as JobParams).fileId
          : undefined;
      if (!job || typeof fileId !== 'string') return notFound(reply);
      const file = await o.files.get(fileId);
      request.log.info({ jobId, deviceId: job.device_id, file: file.name }, 'CPE fetches a file');
      return reply
        .headers(storedFileHeaders(file.name, file.size))
        .header('cache-control', 'no-store')
        .send(await o.files.open(file));
    },
  );

  // The body is the request stream itself (the content type parser above).
  app.route<CpeFileRoute & { Body: Readable }>({
    method: ['PUT', 'POST'],
    url: '/files/:job/:token/:name',
    helmet: false,
    config: { public: true },
    handler: async (request, reply) => {
      const { job: jobId, token, name } = request.params;
      const job = await jobFor(jobId, token);
      const transfer = job ? descriptorOf(job.type).transfer : undefined;
      if (!job || transfer?.direction !== 'upload') return notFound(reply);
      const kind =
        transfer.kind === 'by-file-type'
          ? uploadKindOf(uploadFileType(JSON.parse(job.params) as { filePath: string; fileType?: string }))
          : transfer.kind;
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > o.maxUploadBytes) {
        return reply
          .code(413)
          .type('text/plain; charset=utf-8')
          .send(`Uploads may be at most ${o.maxUploadBytes} bytes.`);
      }
      if (uploading.has(job.id)) {
        return reply
          .code(409)
          .type('text/plain; charset=utf-8')
          .send("This transfer's file is already arriving; send it again once that upload has ended.");
      }
      uploading.add(job.id);
      try {
        const file = await o.files.save(request.body, {
          kind,
          name: kind === 'backup' ? `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}` : name,
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
          deviceId: job.device_id,
          jobId: job.id,
          maxBytes: o.maxUploadBytes,
        });
        const replaced = await o.files.keepNewestOfJob(job.id);
        request.log.info(
          { jobId, deviceId: job.device_id, size: file.size, method: request.method, replaced },
          'CPE uploaded a file',
        );
      } finally {
        uploading.delete(job.id);
      }
      return reply.code(201).send();
    },
  });
}
