// Template routes (spec §7 Templates). Thin: checks and rendering live in the service.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AnyMap } from '../../contract';
import { AppError } from '../../errors';
import { attachmentDisposition } from '../../http/download';
import {
  createTemplateSchema,
  deleteTemplateSchema,
  exportTemplateSchema,
  getTemplateSchema,
  importTemplateSchema,
  listTemplatesSchema,
  renderTemplateSchema,
  updateTemplateSchema,
  validateTemplateSchema,
} from './schemas';
import { exportFileName, InvalidTemplateError, toApiTemplate, toExportFile } from './service';

const isMap = (v: unknown): v is AnyMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A values body: the map itself, or `{values: {...}}` (both are in use). */
export function valuesOf(body: AnyMap): AnyMap {
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === 'values') {
    const v = body.values;
    if (!isMap(v)) throw new AppError(400, 'Invalid values', 'values must be an object of field -> value.');
    return v;
  }
  return body;
}

export async function templatesRoutes(fastify: FastifyInstance, o: { maxImportBytes: number }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { templates } = app.services;

  // Template checks answer every problem: {error, message, errors}.
  app.setErrorHandler((err, _request, reply) => {
    if (err instanceof InvalidTemplateError) {
      return reply.code(400).send({ error: err.error, message: err.message, errors: err.errors });
    }
    throw err;
  });

  app.get(
    '/api/templates',
    { config: { permission: 'read' }, schema: listTemplatesSchema },
    async (request) => {
      const q = request.query;
      const { templates: rows, total } = await templates.list({
        ...q,
        search: q.search?.trim() || undefined,
        vendor: q.vendor?.trim() || undefined,
        model: q.model?.trim() || undefined,
      });
      return { templates: rows.map(toApiTemplate), total, limit: q.limit, offset: q.offset };
    },
  );

  app.post(
    '/api/templates',
    { config: { permission: 'operate' }, schema: createTemplateSchema },
    async (request, reply) => {
      const { template, warnings } = await templates.create(request.body);
      request.log.info({ templateId: template.id, name: template.name }, 'template created');
      return reply.code(201).send({ template: toApiTemplate(template), warnings });
    },
  );

  app.post(
    '/api/templates/import',
    { config: { permission: 'operate' }, schema: importTemplateSchema },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'Multipart body expected',
          'Send multipart/form-data with the .json file in the "template" field.',
        );
      }
      let content: string | undefined;
      try {
        for await (const part of request.parts({
          limits: { fileSize: o.maxImportBytes, files: 1, fields: 10 },
        })) {
          if (part.type === 'file' && part.fieldname === 'template' && content === undefined) {
            content = (await part.toBuffer()).toString('utf8');
          } else if (part.type === 'file') {
            part.file.resume();
          }
        }
      } catch (err) {
        // A body that is not multipart as it claims is the sender's mistake, not ours.
        if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
        throw new AppError(
          400,
          'Invalid upload',
          'The body could not be read as multipart/form-data; send the .json file in the "template" field.',
        );
      }
      if (content === undefined) {
        throw new AppError(400, 'File missing', 'Attach the template .json file in the "template" field.');
      }
      const { template, warnings } = await templates.importFile(content);
      request.log.info({ templateId: template.id, name: template.name }, 'template imported');
      return reply.code(201).send({ template: toApiTemplate(template), warnings });
    },
  );

  app.get(
    '/api/templates/:id',
    { config: { permission: 'read' }, schema: getTemplateSchema },
    async (request) => {
      const { id } = request.params;
      return { template: toApiTemplate(await templates.get(id)) };
    },
  );

  app.put(
    '/api/templates/:id',
    { config: { permission: 'operate' }, schema: updateTemplateSchema },
    async (request) => {
      const { id } = request.params;
      const { template, warnings } = await templates.update(id, request.body);
      request.log.info({ templateId: id }, 'template updated');
      return { template: toApiTemplate(template), warnings };
    },
  );

  app.delete(
    '/api/templates/:id',
    { config: { permission: 'operate' }, schema: deleteTemplateSchema },
    async (request, reply) => {
      const { id } = request.params;
      await templates.remove(id);
      request.log.info({ templateId: id }, 'template deleted');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/templates/:id/validate',
    { config: { permission: 'read' }, schema: validateTemplateSchema },
    async (request) => {
      const { id } = request.params;
      const { valid, errors, warnings } = await templates.validate(id, valuesOf(request.body));
      return { valid, errors, warnings };
    },
  );

  app.post(
    '/api/templates/:id/render',
    { config: { permission: 'read' }, schema: renderTemplateSchema },
    async (request) => {
      const { id } = request.params;
      return templates.validate(id, valuesOf(request.body));
    },
  );

  app.get(
    '/api/templates/:id/export',
    { config: { permission: 'read' }, schema: exportTemplateSchema },
    async (request, reply) => {
      const { id } = request.params;
      const template = await templates.get(id);
      return reply
        .header('content-disposition', attachmentDisposition(exportFileName(template.name)))
        .send(toExportFile(template));
    },
  );
}
