// Profile routes (spec §7 Profiles). Thin: validation, rendering and versions live in the service.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSV_IMPORT_BODY_LIMIT, CSV_IMPORT_BODY_LIMIT_TEXT } from './csv-import';
import {
  addVersionSchema,
  bulkCreateSchema,
  bulkImportCsvSchema,
  byTemplateSchema,
  createProfileSchema,
  deleteProfileSchema,
  getProfileSchema,
  listProfilesSchema,
  listVersionsSchema,
  updateProfileSchema,
  validateProfileSchema,
} from './schemas';
import { toApiProfile, toApiVersion } from './service';

/**
 * The import's own answers to a body it cannot take (issue 17): over the limit, with the limit named
 * (the app-wide answer is a bare 413), and no body at all, in the words of spec §5. Everything else
 * goes on to the app's error handler.
 */
function csvImportErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(400).send({
      error: `CSV data is too large: at most ${CSV_IMPORT_BODY_LIMIT_TEXT} per import`,
      message: `The import accepts a request of at most ${CSV_IMPORT_BODY_LIMIT_TEXT}; split the customer list into smaller files and import each.`,
    });
  }
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return reply.code(400).send({
      error: 'Please provide CSV data',
      message: 'The request has no body; send { csvData, templateId, generatePasswords } as JSON.',
    });
  }
  throw err;
}

export async function profilesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { profiles } = app.services;

  app.get(
    '/api/profiles',
    { config: { permission: 'read' }, schema: listProfilesSchema },
    async (request) => {
      const q = request.query;
      const { rows, total } = await profiles.list({ ...q, search: q.search?.trim() || undefined });
      return { profiles: rows.map(toApiProfile), total, limit: q.limit, offset: q.offset };
    },
  );

  app.post(
    '/api/profiles',
    { config: { permission: 'operate' }, schema: createProfileSchema },
    async (request, reply) => {
      const row = await profiles.create(request.body);
      request.log.info({ profileId: row.id, templateId: row.template_id }, 'profile created');
      return reply.code(201).send({ profile: toApiProfile(row) });
    },
  );

  app.post(
    '/api/profiles/bulk-create',
    { config: { permission: 'operate' }, schema: bulkCreateSchema },
    async (request) => {
      const { profiles: items } = request.body;
      const result = await profiles.bulkCreate(items);
      request.log.info({ created: result.created, failed: result.failed }, 'profiles bulk-created');
      return result;
    },
  );

  app.post(
    '/api/profiles/bulk-import-csv',
    {
      config: { permission: 'operate' },
      schema: bulkImportCsvSchema,
      bodyLimit: CSV_IMPORT_BODY_LIMIT,
      errorHandler: csvImportErrors,
    },
    async (request) => {
      const result = await profiles.importCsv(request.body ?? {});
      request.log.info({ successful: result.successful, failed: result.failed }, 'customer CSV imported');
      return result;
    },
  );

  app.get(
    '/api/profiles/template/:id',
    { config: { permission: 'read' }, schema: byTemplateSchema },
    async (request) => {
      const { id } = request.params;
      const rows = await profiles.byTemplate(id);
      return { profiles: rows.map(toApiProfile), total: rows.length };
    },
  );

  app.get(
    '/api/profiles/:id',
    { config: { permission: 'read' }, schema: getProfileSchema },
    async (request) => {
      const { id } = request.params;
      return { profile: toApiProfile(await profiles.get(id)) };
    },
  );

  app.put(
    '/api/profiles/:id',
    { config: { permission: 'operate' }, schema: updateProfileSchema },
    async (request) => {
      const { id } = request.params;
      const row = await profiles.update(id, request.body);
      return { profile: toApiProfile(row) };
    },
  );

  app.delete(
    '/api/profiles/:id',
    { config: { permission: 'operate' }, schema: deleteProfileSchema },
    async (request, reply) => {
      const { id } = request.params;
      await profiles.remove(id);
      request.log.info({ profileId: id }, 'profile deleted');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/profiles/:id/version',
    { config: { permission: 'operate' }, schema: addVersionSchema },
    async (request, reply) => {
      const { id } = request.params;
      const row = await profiles.addVersion(id, request.body);
      request.log.info({ profileId: id, version: row.version }, 'profile version created');
      return reply.code(201).send({ profile: toApiProfile(row) });
    },
  );

  app.get(
    '/api/profiles/:id/versions',
    { config: { permission: 'read' }, schema: listVersionsSchema },
    async (request) => {
      const { id } = request.params;
      const rows = await profiles.versions(id);
      return { versions: rows.map(toApiVersion), total: rows.length };
    },
  );

  app.post(
    '/api/profiles/:id/validate',
    { config: { permission: 'read' }, schema: validateProfileSchema },
    async (request) => {
      const { id } = request.params;
      return profiles.validate(id);
    },
  );
}
