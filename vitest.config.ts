import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package; browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'cwmp',
          root: 'packages/cwmp',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'common',
          root: 'packages/common',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sim',
          root: 'packages/sim',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      'packages/web/vite.config.ts',
      {
        test: {
          name: 'eslint-rules',
          root: 'eslint-rules',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
