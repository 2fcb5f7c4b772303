import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vitest/config';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const serverTarget = 'http://127.0.0.1:3029';

/**
 * sonner injects its stylesheet as an inline <style> element at import time, which the server's
 * Content-Security-Policy (style-src 'self') refuses. We ship the same CSS from our own bundle
 * (src/index.css imports sonner/dist/styles.css) and turn the injection into a no-op.
 */
function sonnerWithoutInlineStyles(): Plugin {
  return {
    name: 'provisor:sonner-without-inline-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js/.test(id)) return null;
      const patched = code.replace('function __insertCSS(code) {', 'function __insertCSS(code) { return;');
      return patched === code ? null : { code: patched, map: null };
    },
  };
}

export default defineConfig({
  root: webDir,
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyles()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  server: {
    proxy: {
      '/api': { target: serverTarget, changeOrigin: true },
      '/ws': { target: serverTarget, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: serverTarget, changeOrigin: true },
      '/ws': { target: serverTarget, ws: true },
    },
  },
  test: {
    name: 'web',
    root: webDir,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A screen test drives a whole page through jsdom and user-event: about 1 s on an idle core, past
    // the default 5 s when the two cores are busy (the server suites run beside it). Speed is measured
    // in bench/, never asserted here.
    testTimeout: 20_000,
  },
});
