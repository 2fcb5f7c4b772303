import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { liveMessageProblems } from '../src/http/strict-answers';

export const ADMIN_PASSWORD = 'correct horse battery staple';
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** A config for tests: a fresh SQLite file in a temp dir, known admin password and JWT secret. */
export function testConfig(overrides: Partial<Config> = {}): { config: Config; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'provisor-test-'));
  const config = {
    ...loadConfig({
      DATABASE_URL: `sqlite:${join(dir, 'provisor.db')}`,
      PROVISOR_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PROVISOR_JWT_SECRET: JWT_SECRET,
      PROVISOR_WEB_DIST: '',
      PROVISOR_FILES_DIR: join(dir, 'files'),
      // Scripted-CPE tests script every RPC; the simulator suites turn this back on.
      PROVISOR_CR_SET_CREDENTIALS: 'false',
      // Likewise, and the simulator suites that test discovery turn it on (it reads a router's
      // interval, which the offline tests leave unknown on purpose).
      PROVISOR_DISCOVER_TREE: 'false',
      // Tests share their process (and two cores) with the server they test, so the event loop runs
      // late for reasons of their own: no load shedding, but in the suite that tests it.
      PROVISOR_CWMP_SHED_LAG_MS: '0',
    }),
    ...overrides,
  };
  return { config, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The app for tests: every answer is held to its declared schema (http/strict-answers.ts), and every
 * live message to the contract; a message that breaks it fails `close()`, naming the message.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}) {
  const { config, cleanup } = testConfig(overrides);
  const app = await buildApp(config, { strictAnswers: true, ...options });
  const liveProblems: string[] = [];
  const unsubscribe = app.services.bus.subscribe((message) =>
    liveProblems.push(...liveMessageProblems(message)),
  );
  return {
    app,
    config,
    async close() {
      unsubscribe();
      await app.close();
      cleanup();
      if (liveProblems.length > 0)
        throw new Error(`Live messages broke the contract:\n${[...new Set(liveProblems)].join('\n')}`);
    },
  };
}

export async function login(
  app: FastifyInstance,
  username = 'admin',
  password = ADMIN_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Listens on a free port of the loopback address; answers the server's base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
