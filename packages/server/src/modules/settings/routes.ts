import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { request } from 'undici';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../contract';
import { getSettingsSchema, listBackupsSchema, putSettingsSchema, testSettingsSchema } from './schemas';
import { AppError } from '../../errors';
import type { ServerSettings } from './defaults';
import { connectionTarget } from '../cwmp/index';

/** Settings as the API answers them, field by field: passwords only as whether one is set. */
function toApiSettings({ server, cwmp, connectionRequest: cr, database }: ServerSettings): Settings {
  return {
    server: {
      port: server.port,
      host: server.host,
      corsOrigin: server.corsOrigin,
      maxConnections: server.maxConnections,
    },
    cwmp: {
      enabled: cwmp.enabled,
      path: cwmp.path,
      authRequired: cwmp.authRequired,
      username: cwmp.username,
      sessionTimeout: cwmp.sessionTimeout,
      retryAttempts: cwmp.retryAttempts,
      passwordSet: cwmp.password !== '',
    },
    connectionRequest: {
      enabled: cr.enabled,
      port: cr.port,
      username: cr.username,
      allowBasic: cr.allowBasic,
      allowedNetworks: cr.allowedNetworks,
      passwordSet: cr.password !== '',
    },
    database: {
      type: database.type,
      path: database.path,
      backupEnabled: database.backupEnabled,
      backupInterval: database.backupInterval,
      maxBackups: database.maxBackups,
    },
  };
}

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { settings, database, devices, connectionRequests } = app.services;

  app.get('/api/settings', { config: { permission: 'admin' }, schema: getSettingsSchema }, async () =>
    toApiSettings(settings.get()),
  );

  app.get('/api/settings/backups', { config: { permission: 'admin' }, schema: listBackupsSchema }, async () =>
    app.services.backups.list(),
  );

  app.put(
    '/api/settings',
    { config: { permission: 'admin' }, schema: putSettingsSchema },
    async (request) => {
      const patch = request.body;
      const username = patch.cwmp?.username;
      if (username && (await devices.findByCwmpUsername(username))) {
        throw new AppError(
          409,
          'CWMP username in use',
          `cwmp.username "${username}" is a device's own CWMP username; choose another for the global credentials.`,
        );
      }
      const result = await settings.update(patch);
      request.log.info({ requiresRestart: result.requiresRestart }, 'settings saved');
      return { requiresRestart: result.requiresRestart, settings: toApiSettings(result.settings) };
    },
  );

  app.post(
    '/api/settings/test',
    { config: { permission: 'admin' }, schema: testSettingsSchema },
    async (request) => {
      const { type, deviceId } = request.body;
      if (type === 'database') {
        try {
          await sql`select 1`.execute(database.db);
          return { success: true, message: `The ${database.dialect} database answers.` };
        } catch (err) {
          return { success: false, message: `The database does not answer: ${(err as Error).message}` };
        }
      }
      const s = settings.get();
      if (type === 'cwmp') return testCwmpDoor(app, s);
      if (!s.connectionRequest.enabled)
        return { success: false, message: 'Connection requests are disabled; enable them and save first.' };
      if (deviceId === undefined)
        throw new AppError(
          400,
          'Device required',
          'deviceId is required to test connection requests: give the serial number or the id of a device to send one to.',
        );
      // The device's id, or what an operator reads on the Devices screen: its serial number.
      let [device] = await devices.findByIds([deviceId]);
      if (!device) {
        const bySerial = await devices.findBySerialNumber(deviceId, 2);
        if (bySerial.length > 1)
          throw new AppError(
            409,
            'Serial number shared',
            `More than one device has the serial number "${deviceId}" (of different makers or models); give the id of the one to test, from its page's address.`,
          );
        device = bySerial[0];
      }
      if (!device)
        throw new AppError(
          404,
          'Device not found',
          `No device has the serial number or id "${deviceId}"; copy the serial number from the Devices screen.`,
        );
      const result = await connectionRequests.send(connectionTarget(device, s.connectionRequest));
      return {
        success: result.outcome === 'reachable',
        message: `${device.serial_number}: ${result.message}`,
      };
    },
  );
}

/**
 * The CWMP door as a router reaches it: an empty POST to this server's own CWMP URL on the address it
 * listens on. 204 (no session) or 401 (authentication required) means the door answers.
 */
async function testCwmpDoor(
  app: FastifyInstance,
  s: ServerSettings,
): Promise<{ success: boolean; message: string }> {
  if (!s.cwmp.enabled) return { success: false, message: 'CWMP is disabled; routers cannot connect.' };
  const address = app.server.address();
  if (!address || typeof address === 'string')
    return { success: false, message: 'The server is not listening on a TCP port; routers cannot connect.' };
  const host = ['0.0.0.0', '::'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  const url = `http://${host}:${address.port}${s.cwmp.path}`;
  try {
    const res = await request(url, {
      method: 'POST',
      body: '',
      headersTimeout: 5000,
      bodyTimeout: 5000,
      signal: AbortSignal.timeout(5000),
    });
    await res.body.dump();
    if (res.statusCode === 204 || res.statusCode === 401)
      return {
        success: true,
        message: `The CWMP URL ${url} answers (HTTP ${res.statusCode})${s.cwmp.authRequired ? '; routers must authenticate' : ''}.`,
      };
    return {
      success: false,
      message: `The CWMP URL ${url} answered HTTP ${res.statusCode}; check cwmp.path.`,
    };
  } catch (err) {
    return { success: false, message: `The CWMP URL ${url} does not answer: ${(err as Error).message}` };
  }
}
