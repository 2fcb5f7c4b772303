import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from './server';

/** One real server per worker; each test gets a fresh browser context (no stored session). */
export const test = base.extend<{ baseURL: string }, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';
