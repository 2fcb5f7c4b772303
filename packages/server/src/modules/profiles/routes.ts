// Profile routes (spec §7 Profiles). Thin: validation, rendering and versions live in the service.
import type { FastifyInstance } from 'fastify';
import type { ValidationStatus } from '../../db/tables/profiles';
import {
  addVersionSchema,
  bulkCreateSchema,
  byTemplateSchema,
  createProfileSchema,
  deleteProfileSchema,
  getProfileSchema,
  listProfilesSchema,
  listVersionsSchema,
  updateProfileSchema,
  validateProfileSchema,
} from './schemas';
import { toApiProfile, toApiVersion, type ProfileInput } from './service';

interface ListQuery {
  search?: string;
  templateId?: string;
  validationStatus?: ValidationStatus;
  limit: number;
  offset: number;
}

export async function profilesRoutes(app: FastifyInstance) {
  const { profiles } = app.services;

  app.get('/api/profiles', { schema: listProfilesSchema }, async (request) => {
    const q = request.query as ListQuery;
    const { rows, total } = await profiles.list({ ...q, search: q.search?.trim() || undefined });
    return { profiles: rows.map(toApiProfile), total, limit: q.limit, offset: q.offset };
  });

  app.post('/api/profiles', { schema: createProfileSchema }, async (request, reply) => {
    const row = await profiles.create(request.body as ProfileInput);
    request.log.info({ profileId: row.id, templateId: row.template_id }, 'profile created');
    return reply.code(201).send({ profile: toApiProfile(row) });
  });

  app.post('/api/profiles/bulk-create', { schema: bulkCreateSchema }, async (request) => {
    const { profiles: items } = request.body as { profiles: ProfileInput[] };
    const result = await profiles.bulkCreate(items);
    request.log.info({ created: result.created, failed: result.failed }, 'profiles bulk-created');
    return result;
  });

  app.get('/api/profiles/template/:id', { schema: byTemplateSchema }, async (request) => {
    const { id } = request.params as { id: string };
    const rows = await profiles.byTemplate(id);
    return { profiles: rows.map(toApiProfile), total: rows.length };
  });

  app.get('/api/profiles/:id', { schema: getProfileSchema }, async (request) => {
    const { id } = request.params as { id: string };
    return { profile: toApiProfile(await profiles.get(id)) };
  });

  app.put('/api/profiles/:id', { schema: updateProfileSchema }, async (request) => {
    const { id } = request.params as { id: string };
    const row = await profiles.update(id, request.body as ProfileInput);
    return { profile: toApiProfile(row) };
  });

  app.delete('/api/profiles/:id', { schema: deleteProfileSchema }, async (request, reply) => {
    const { id } = request.params as { id: string };
    await profiles.remove(id);
    request.log.info({ profileId: id }, 'profile deleted');
    return reply.code(204).send();
  });

  app.post('/api/profiles/:id/version', { schema: addVersionSchema }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = request.body as { values: Record<string, unknown>; changelog: string; name?: string };
    const row = await profiles.addVersion(id, body);
    request.log.info({ profileId: id, version: row.version }, 'profile version created');
    return reply.code(201).send({ profile: toApiProfile(row) });
  });

  app.get('/api/profiles/:id/versions', { schema: listVersionsSchema }, async (request) => {
    const { id } = request.params as { id: string };
    const rows = await profiles.versions(id);
    return { versions: rows.map(toApiVersion), total: rows.length };
  });

  app.post('/api/profiles/:id/validate', { schema: validateProfileSchema }, async (request) => {
    const { id } = request.params as { id: string };
    return profiles.validate(id);
  });
}
