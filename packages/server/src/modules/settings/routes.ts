import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { getSettingsSchema, putSettingsSchema, testSettingsSchema } from './schemas';
import { AppError } from '../../errors';
import type { ServerSettings } from './defaults';
import type { SettingsPatch } from './service';

/** Settings as the API answers them: passwords only as whether one is set. */
function toApiSettings(s: ServerSettings) {
  const { password: cwmpPassword, ...cwmp } = s.cwmp;
  const { password: crPassword, ...connectionRequest } = s.connectionRequest;
  return {
    server: s.server,
    cwmp: { ...cwmp, passwordSet: cwmpPassword !== '' },
    connectionRequest: { ...connectionRequest, passwordSet: crPassword !== '' },
    database: s.database,
  };
}

export async function settingsRoutes(app: FastifyInstance) {
  const { settings, database, devices } = app.services;

  app.get('/api/settings', { schema: getSettingsSchema }, async () => toApiSettings(settings.get()));

  app.put('/api/settings', { schema: putSettingsSchema }, async (request) => {
    const patch = request.body as SettingsPatch;
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
    const { type } = request.body as { type: string };
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
