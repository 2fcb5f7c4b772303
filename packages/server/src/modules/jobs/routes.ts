// Device actions and Provisioning (spec §7): every action is a job, answered at once; the device
// carries it out in its next session (woken by a connection request).
import { writableValueProblem } from '@provisor/cwmp';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  EXPORT_MAX_DEVICES,
  JOB_TYPES,
  type DeviceSelection,
  type JobType,
  type ParameterWrite,
} from '../../contract';
import { AppError } from '../../errors';
import { normalizeXsdType } from './descriptor';
import {
  bulkGetParametersSchema,
  bulkRebootSchema,
  bulkSetParametersSchema,
  deviceActionSchema,
  deviceActionWithBody,
  deviceJobsSchema,
  exportParametersSchema,
  failJobSchema,
  getOperationSchema,
  jobActionSchema,
  jobTypeParams,
  listJobsSchema,
  listOperationsSchema,
  statsSchema,
} from './schemas';
import { chooseDevices, runBulk } from './bulk';
import { exportParameters } from './export';
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
    if (p.type === undefined) continue;
    const problem = writableValueProblem(type, p.value);
    if (problem) throw new AppError(400, 'Invalid parameter value', `${p.name}: "${p.value}" ${problem}.`);
  }
}

const isJobType = (type: string): type is JobType => (JOB_TYPES as readonly string[]).includes(type);

export async function jobsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { jobs, devices, operations, groups } = app.services;

  async function single(id: string, type: JobType, params: JobParams) {
    const device = await devices.get(id);
    const [job] = await jobs.create([device], type, params);
    return { success: true, job: toApiJob(job!) };
  }

  // Actions whose body is the job's parameters as they are (jobs/schemas.ts jobTypeParams).
  for (const type of ['reboot', 'factory-reset'] as const) {
    app.post(
      `/api/devices/:id/${type}`,
      { config: { permission: 'operate' }, schema: deviceActionSchema },
      async (request) => single(request.params.id, type, {}),
    );
  }
  for (const type of [
    'get-parameters',
    'refresh',
    'add-object',
    'delete-object',
    'schedule-inform',
  ] as const) {
    app.post(
      `/api/devices/:id/${type}`,
      { config: { permission: 'operate' }, schema: deviceActionWithBody(jobTypeParams[type]) },
      async (request) => single(request.params.id, type, request.body),
    );
  }
  app.post(
    '/api/devices/:id/set-parameters',
    { config: { permission: 'operate' }, schema: deviceActionWithBody(jobTypeParams['set-parameters']) },
    async (request) => {
      checkWrites(request.body.parameters);
      return single(request.params.id, 'set-parameters', request.body);
    },
  );

  app.get(
    '/api/devices/:id/jobs',
    { config: { permission: 'read' }, schema: deviceJobsSchema },
    async (request) => {
      const { id } = request.params;
      await devices.get(id);
      const { rows } = await jobs.list({ deviceId: id, limit: request.query.limit, offset: 0 });
      return { jobs: rows.map(toApiJob) };
    },
  );

  app.get(
    '/api/provisioning/jobs',
    { config: { permission: 'read' }, schema: listJobsSchema },
    async (request) => {
      const { type, ...q } = request.query;
      // A type no job has filters everything out.
      if (type !== undefined && !isJobType(type))
        return { jobs: [], total: 0, limit: q.limit, offset: q.offset };
      const { rows, total } = await jobs.list({ ...q, type });
      return { jobs: rows.map(toApiJob), total, limit: q.limit, offset: q.offset };
    },
  );

  app.get(
    '/api/provisioning/jobs/:id',
    { config: { permission: 'read' }, schema: jobActionSchema },
    async (request) => ({
      job: toApiJob(await jobs.get(request.params.id)),
    }),
  );
  app.post(
    '/api/provisioning/jobs/:id/retry',
    { config: { permission: 'operate' }, schema: jobActionSchema },
    async (request) => ({
      success: true,
      job: toApiJob(await jobs.retry(request.params.id)),
    }),
  );
  app.post(
    '/api/provisioning/jobs/:id/complete',
    { config: { permission: 'operate' }, schema: jobActionSchema },
    async (request) => ({
      success: true,
      job: toApiJob(await jobs.complete(request.params.id)),
    }),
  );
  app.post(
    '/api/provisioning/jobs/:id/fail',
    { config: { permission: 'operate' }, schema: failJobSchema },
    async (request) => ({
      success: true,
      job: toApiJob(await jobs.fail(request.params.id, request.body.error)),
    }),
  );

  app.get('/api/provisioning/stats', { config: { permission: 'read' }, schema: statsSchema }, async () =>
    jobs.stats(),
  );

  const bulk = (
    request: { body: DeviceSelection; auth: { username: string } | null },
    type: JobType,
    params: JobParams,
  ) =>
    runBulk(
      { devices, operations, groups },
      {
        selection: {
          deviceIds: request.body.deviceIds,
          filter: request.body.filter,
          groupId: request.body.groupId,
        },
        type,
        params,
        createdBy: request.auth?.username ?? null,
      },
      (found, operationId) => jobs.create(found, type, params, undefined, operationId),
    );

  app.post(
    '/api/provisioning/bulk/reboot',
    { config: { permission: 'operate' }, schema: bulkRebootSchema },
    async (request) => bulk(request, 'reboot', {}),
  );
  app.post(
    '/api/provisioning/bulk/get-parameters',
    { config: { permission: 'operate' }, schema: bulkGetParametersSchema },
    async (request) => bulk(request, 'get-parameters', { parameters: request.body.parameters }),
  );
  app.post(
    '/api/provisioning/bulk/set-parameters',
    { config: { permission: 'operate' }, schema: bulkSetParametersSchema },
    async (request) => {
      const { parameters } = request.body;
      checkWrites(parameters);
      return bulk(request, 'set-parameters', { parameters });
    },
  );

  app.get(
    '/api/provisioning/operations',
    { config: { permission: 'read' }, schema: listOperationsSchema },
    async (request) => {
      const { limit, offset } = request.query;
      return { ...(await operations.list(limit, offset)), limit, offset };
    },
  );
  app.get(
    '/api/provisioning/operations/:id',
    { config: { permission: 'read' }, schema: getOperationSchema },
    async (request) => operations.get(request.params.id),
  );

  app.post(
    '/api/provisioning/bulk/export-parameters',
    { config: { permission: 'read' }, schema: exportParametersSchema },
    async (request, reply) => {
      const { deviceIds, filter, groupId, format } = request.body;
      if (filter !== undefined && deviceIds === undefined) {
        // Counted first: a filter over the limit is refused before any device is read.
        const total = await devices.countMatching(filter);
        if (total > EXPORT_MAX_DEVICES) {
          throw new AppError(
            400,
            'Too many devices to export',
            `The filter matches ${total.toLocaleString('en-US')} devices; one export takes at most ${EXPORT_MAX_DEVICES.toLocaleString('en-US')}. Narrow the search or status.`,
          );
        }
      }
      const { found } = await chooseDevices(devices, { deviceIds, filter, groupId }, groups);
      if (found.length > EXPORT_MAX_DEVICES) {
        throw new AppError(
          400,
          'Too many devices to export',
          `The group has ${found.length.toLocaleString('en-US')} devices; one export takes at most ${EXPORT_MAX_DEVICES.toLocaleString('en-US')}. Narrow its filter, or export by search and status.`,
        );
      }
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
