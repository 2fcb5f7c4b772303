import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import {
  deleteDeviceSchema,
  getDeviceSchema,
  listDevicesSchema,
  parametersSchema,
  registerDeviceSchema,
  unassignedSchema,
  updateDeviceSchema,
} from './schemas';
import type { ListDevicesQuery } from '../../contract';
import type { DeviceRow } from '../../db/tables/devices';
import { decodeCursor, encodeCursor } from './list-cursor';
import { checkNoNul, searchTerm } from './search-term';
import { toApiDevice, type DeviceEdit } from './service';

function checkUrl(field: string, value: string | undefined): void {
  if (value === undefined || value === '') return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError(
      400,
      'Invalid URL',
      `${field} must be a valid URL such as http://192.0.2.10:7547/; got "${value}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError(400, 'Invalid URL', `${field} must be an http:// or https:// URL; got "${value}".`);
  }
}

export async function devicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { devices, settings, assignments } = app.services;

  /**
   * A device's own CWMP credentials prove that device only (cwmp/cpe-auth.ts): its username may be
   * no other device's nor the global one, and it needs a password.
   */
  async function checkCwmpCredentials(id: string, edit: DeviceEdit): Promise<void> {
    const device = await devices.get(id);
    const username = edit.cwmpUsername ?? device.cwmp_username;
    const password = edit.cwmpPassword ?? device.cwmp_password;
    if (username === '') return;
    if (password === '') {
      throw new AppError(
        400,
        'CWMP password missing',
        `cwmpUsername "${username}" needs a cwmpPassword too; send both (or an empty cwmpUsername to use the global credentials).`,
      );
    }
    const owner = await devices.findByCwmpUsername(username);
    if ((owner && owner.id !== device.id) || username === settings.get().cwmp.username) {
      throw new AppError(
        409,
        'CWMP username in use',
        `cwmpUsername "${username}" already belongs to ${owner ? 'another device' : 'the global credentials in the settings'}; give each device a username of its own.`,
      );
    }
  }

  /** A page of the list by offset or by cursor (issue 24), with the cursors of its ends. */
  async function listPage(q: ListDevicesQuery, assigned?: false) {
    if (q.after !== undefined && q.before !== undefined) {
      throw new AppError(
        400,
        'Invalid cursor',
        'Send after or before, not both: after= for the next page, before= for the previous one.',
      );
    }
    const cursor = q.after ?? q.before;
    if (cursor !== undefined && q.offset > 0) {
      throw new AppError(
        400,
        'Invalid cursor',
        `A cursor names the page by itself; leave offset out (got offset=${q.offset}) when sending after or before.`,
      );
    }
    const after = q.after === undefined ? undefined : decodeCursor('after', q.after);
    const before = q.before === undefined ? undefined : decodeCursor('before', q.before);
    const page = await devices.list({
      status: q.status,
      search: searchTerm(q.search),
      assigned,
      limit: q.limit,
      offset: q.offset,
      after,
      before,
    });
    // An empty page past a cursor answers, for the way back, that cursor's row itself included: it
    // is the first row on the other side (its own page may have gone), which the way back must show.
    const asked = after ?? before;
    const key = (row: DeviceRow | undefined) =>
      row
        ? encodeCursor({ serialNumber: row.serial_number, id: row.id })
        : asked
          ? encodeCursor({ ...asked, inclusive: true })
          : null;
    return {
      devices: page.rows.map(toApiDevice),
      total: page.total,
      limit: q.limit,
      offset: q.offset,
      prevCursor: page.hasPrevious ? key(page.rows[0]) : null,
      nextCursor: page.hasNext ? key(page.rows.at(-1)) : null,
    };
  }

  app.get('/api/devices', { config: { permission: 'read' }, schema: listDevicesSchema }, (request) =>
    listPage(request.query),
  );

  app.get(
    '/api/devices/unassigned',
    { config: { permission: 'read' }, schema: unassignedSchema },
    (request) => listPage(request.query, false),
  );

  app.post(
    '/api/devices/register',
    { config: { permission: 'operate' }, schema: registerDeviceSchema },
    async (request, reply) => {
      const body = request.body;
      checkUrl('connectionRequestUrl', body.connectionRequestUrl);
      for (const field of [
        'serialNumber',
        'productClass',
        'connectionRequestUsername',
        'connectionRequestPassword',
      ] as const)
        checkNoNul(field, body[field]);
      const row = await devices.register({
        ...body,
        serialNumber: body.serialNumber.trim(),
        productClass: body.productClass.trim(),
      });
      request.log.info({ deviceId: row.id, serialNumber: row.serial_number }, 'device registered');
      return reply.code(201).send({ device: toApiDevice(row) });
    },
  );

  app.get(
    '/api/devices/:id',
    { config: { permission: 'read' }, schema: getDeviceSchema },
    async (request) => {
      const { id } = request.params;
      return { device: toApiDevice(await devices.get(id)) };
    },
  );

  app.get(
    '/api/devices/:id/parameters',
    { config: { permission: 'read' }, schema: parametersSchema },
    async (request) => {
      const { id } = request.params;
      const { prefix = '' } = request.query;
      const map = await devices.parametersOf((await devices.get(id)).id);
      const parameters = Object.keys(map)
        .filter((name) => name.startsWith(prefix))
        .sort()
        .map((name) => ({ name, ...map[name]! }));
      return { parameters };
    },
  );

  app.put(
    '/api/devices/:id',
    { config: { permission: 'operate' }, schema: updateDeviceSchema },
    async (request) => {
      const { id } = request.params;
      const edit = request.body;
      checkUrl('connectionRequestUrl', edit.connectionRequestUrl);
      for (const field of [
        'connectionRequestUsername',
        'connectionRequestPassword',
        'cwmpUsername',
        'cwmpPassword',
      ] as const)
        checkNoNul(field, edit[field]);
      await checkCwmpCredentials(id, edit);
      // A newly assigned profile is pushed as by POST /api/devices/{id}/assign-profile (jobs/assignment.ts),
      // checked before anything is written; the same profile again changes nothing (PUT is idempotent;
      // assign-profile pushes it again), and null unassigns without touching the router.
      const profileId = edit.assignedProfileId;
      const assigning =
        typeof profileId === 'string' && profileId !== (await devices.get(id)).assigned_profile_id;
      const push = assigning ? await assignments.pushFor(profileId, 400) : undefined;
      const device = await devices.update(id, edit);
      if (push) await assignments.queue([device], push);
      return { device: toApiDevice(device) };
    },
  );

  app.delete(
    '/api/devices/:id',
    { config: { permission: 'operate' }, schema: deleteDeviceSchema },
    async (request, reply) => {
      const { id } = request.params;
      await devices.remove(id);
      request.log.info({ deviceId: id }, 'device deleted');
      return reply.code(204).send(null);
    },
  );
}
