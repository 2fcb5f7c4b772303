import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../contract';
import { getSettingsSchema, putSettingsSchema, testSettingsSchema } from './schemas';
import { AppError } from '../../errors';
import type { ServerSettings } from './defaults';

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
  const { settings, database, devices } = app.services;

  app.get('/api/settings', { schema: getSettingsSchema }, async () => toApiSettings(settings.get()));

  app.put('/api/settings', { schema: putSettingsSchema }, async (request) => {
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
  });

  app.post('/api/settings/test', { schema: testSettingsSchema }, async (request) => {
    const { type } = request.body;
    if (type === 'database') {
      try {
        await sql`select 1`.execute(database.db);
        return { success: true, message: `The ${database.dialect} database answers.` };
      } catch (err) {
        return { success: false, message: `The database does not answer: ${(err as Error).message}` };
      }
    }
    const s = settings.get();
    if (type === 'cwmp') {
      return s.cwmp.enabled
        ? {
            success: true,
            message: `CWMP is enabled at ${s.cwmp.path}${s.cwmp.authRequired ? ' with authentication' : ''}.`,
          }
        : { success: false, message: 'CWMP is disabled; routers cannot connect.' };
    }
    return s.connectionRequest.enabled
      ? { success: true, message: 'Connection requests are enabled.' }
      : { success: false, message: 'Connection requests are disabled.' };
  });
}
