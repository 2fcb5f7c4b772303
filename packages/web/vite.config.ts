import { defineConfig } from 'vite';

// Placeholder until the console lands; replaced by the web package's real config.
export default defineConfig({
  test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
});
