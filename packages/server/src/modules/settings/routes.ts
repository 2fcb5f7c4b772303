import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { getSettingsSchema, putSettingsSchema, testSettingsSchema } from './schemas';
import type { SettingsPatch } from './service';

export async function settingsRoutes(app: FastifyInstance) {
  const { settings, database } = app.services;

  app.get('/api/settings', { schema: getSettingsSchema }, async () => settings.get());

  app.put('/api/settings', { schema: putSettingsSchema }, async (request) => {
    const result = await settings.update(request.body as SettingsPatch);
    request.log.info({ requiresRestart: result.requiresRestart }, 'settings saved');
    return result;
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
