// Device actions and Provisioning (spec §7): every action is a job, answered at once; the device
// carries it out in its next session (woken by a connection request).
import { parseTypedValue } from '@provisor/cwmp';
import type { FastifyInstance } from 'fastify';
import type { JobStatus, JobType } from '../../db/tables/jobs';
import { AppError } from '../../errors';
import { normalizeXsdType, type ParameterWrite } from './descriptor';
import {
  bodies,
  bulkParameterNames,
  bulkParameterWrites,
  bulkSchema,
  deviceActionSchema,
  deviceJobsSchema,
  failBody,
  jobActionSchema,
  listJobsSchema,
  statsSchema,
} from './schemas';
import { perDevice } from './bulk';
import { exportParameters, type ExportFormat } from './export';
import { toApiJob, type JobParams } from './service';

/** Refuses writes whose value cannot be of the type they name, before any device sees them. */
function checkWrites(parameters: ParameterWrite[]): void {
  for (const p of parameters) {
    const type = normalizeXsdType(p.type);
    if (!type)
      throw new AppError(
        400,
        'Invalid parameter type',
        `${p.name}: "${p.type}" is not a CWMP type (string, int, unsignedInt, long, unsignedLong, boolean, dateTime, base64, hexBinary, decimal).`,
      );
    if (p.type !== undefined && parseTypedValue(type, p.value) === null) {
      throw new AppError(400, 'Invalid parameter value', `${p.name}: "${p.value}" is not a valid ${type}.`);
    }
  }
}

export async function jobsRoutes(app: FastifyInstance) {
  const { jobs, devices } = app.services;

  async function single(id: string, type: JobType, params: JobParams) {
    const device = await devices.get(id);
    const [job] = await jobs.create([device], type, params);
    return { success: true, job: toApiJob(job!) };
  }

  const action = (
    path: string,
    type: JobType,
    body?: object,
    paramsOf: (b: JobParams) => JobParams = (b) => b,
  ) =>
    app.post(`/api/devices/:id/${path}`, { schema: deviceActionSchema(body) }, async (request) => {
      const b = (request.body ?? {}) as JobParams;
      if (type === 'set-parameters') checkWrites(b.parameters as ParameterWrite[]);
      return single((request.params as { id: string }).id, type, paramsOf(b));
    });

  action('reboot', 'reboot');
  action('factory-reset', 'factory-reset');
  action('get-parameters', 'get-parameters', bodies.getParameters);
  action('set-parameters', 'set-parameters', bodies.setParameters);
  action('refresh', 'refresh', bodies.refresh);
  action('add-object', 'add-object', bodies.object);
  action('delete-object', 'delete-object', bodies.object);
  action('schedule-inform', 'schedule-inform', bodies.scheduleInform);

  app.get('/api/devices/:id/jobs', { schema: deviceJobsSchema }, async (request) => {
    const { id } = request.params as { id: string };
    const { limit } = request.query as { limit: number };
    await devices.get(id);
    const { rows } = await jobs.list({ deviceId: id, limit, offset: 0 });
    return { jobs: rows.map(toApiJob) };
  });

  app.get('/api/provisioning/jobs', { schema: listJobsSchema }, async (request) => {
    const q = request.query as {
      status?: JobStatus;
      deviceId?: string;
      type?: JobType;
      limit: number;
      offset: number;
    };
    const { rows, total } = await jobs.list(q);
    return { jobs: rows.map(toApiJob), total, limit: q.limit, offset: q.offset };
  });

  app.get('/api/provisioning/jobs/:id', { schema: jobActionSchema() }, async (request) => ({
    job: toApiJob(await jobs.get((request.params as { id: string }).id)),
  }));
  app.post('/api/provisioning/jobs/:id/retry', { schema: jobActionSchema() }, async (request) => ({
    success: true,
    job: toApiJob(await jobs.retry((request.params as { id: string }).id)),
  }));
  app.post('/api/provisioning/jobs/:id/complete', { schema: jobActionSchema() }, async (request) => ({
    success: true,
    job: toApiJob(await jobs.complete((request.params as { id: string }).id)),
  }));
  app.post('/api/provisioning/jobs/:id/fail', { schema: jobActionSchema(failBody) }, async (request) => ({
    success: true,
    job: toApiJob(
      await jobs.fail((request.params as { id: string }).id, (request.body as { error: string }).error),
    ),
  }));

  app.get('/api/provisioning/stats', { schema: statsSchema }, async () => jobs.stats());

  const bulk = (deviceIds: string[], type: JobType, params: JobParams) =>
    perDevice(devices, deviceIds, (found) => jobs.create(found, type, params));

  app.post('/api/provisioning/bulk/reboot', { schema: bulkSchema({}, []) }, async (request) =>
    bulk((request.body as { deviceIds: string[] }).deviceIds, 'reboot', {}),
  );
  app.post(
    '/api/provisioning/bulk/get-parameters',
    { schema: bulkSchema({ parameters: bulkParameterNames }, ['parameters']) },
    async (request) => {
      const { deviceIds, parameters } = request.body as { deviceIds: string[]; parameters: string[] };
      return bulk(deviceIds, 'get-parameters', { parameters });
    },
  );
  app.post(
    '/api/provisioning/bulk/set-parameters',
    { schema: bulkSchema({ parameters: bulkParameterWrites }, ['parameters']) },
    async (request) => {
      const { deviceIds, parameters } = request.body as { deviceIds: string[]; parameters: ParameterWrite[] };
      checkWrites(parameters);
      return bulk(deviceIds, 'set-parameters', { parameters });
    },
  );

  app.post(
    '/api/provisioning/bulk/export-parameters',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            deviceIds: {
              type: 'array',
              minItems: 1,
              maxItems: 10_000,
              items: { type: 'string', maxLength: 64 },
            },
            format: { type: 'string', enum: ['csv', 'json', 'xml'] },
          },
          required: ['deviceIds', 'format'],
        },
      },
    },
    async (request, reply) => {
      const { deviceIds, format } = request.body as { deviceIds: string[]; format: ExportFormat };
      const found = await devices.findByIds([...new Set(deviceIds)]);
      if (found.length === 0)
        throw new AppError(404, 'No devices found', 'None of the given deviceIds is a known device.');
      const trees = await devices.parametersOfMany(found.map((d) => d.id));
      const { body, contentType, extension } = exportParameters(
        found.map((device) => ({ device, params: trees.get(device.id)! })),
        format,
      );
      return reply
        .type(contentType)
        .header(
          'content-disposition',
          `attachment; filename="parameters-${new Date().toISOString().slice(0, 10)}.${extension}"`,
        )
        .send(body);
    },
  );
}
