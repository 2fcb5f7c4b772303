// Serves the built console: hashed assets cached for a year, index.html never cached and rendered
// with the provider's name and the server address, every other non-API GET falling back to it (SPA).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface ConsoleOptions {
  webDist: string | null;
  providerName: string;
  host: string;
  port: number;
}

const NOT_CONSOLE = /^\/(api|ws|files)(\/|$|\?)/;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function consolePlugin(app: FastifyInstance, options: ConsoleOptions) {
  const indexPath = options.webDist ? join(options.webDist, 'index.html') : null;
  if (!options.webDist || !indexPath || !existsSync(indexPath)) {
    app.log.warn(
      { webDist: options.webDist },
      'console not built: no index.html found; run `npm run build` (npm start does it for you)',
    );
    return;
  }
  const template = readFileSync(indexPath, 'utf8');
  const wildcard = options.host === '0.0.0.0' || options.host === '::';

  function serverAddress(request: FastifyRequest): string {
    // On a wildcard address the best name for this server is the one the browser used.
    return wildcard ? request.host : `${options.host}:${options.port}`;
  }

  function renderIndex(request: FastifyRequest): string {
    return template
      .replaceAll('__PROVISOR_PROVIDER_NAME__', escapeAttribute(options.providerName))
      .replaceAll('__PROVISOR_SERVER_ADDRESS__', escapeAttribute(serverAddress(request)));
  }

  const root = resolve(options.webDist);
  function isFileInDist(path: string): boolean {
    const file = resolve(root, `.${path}`);
    return file.startsWith(root + sep) && existsSync(file);
  }

  // Cache headers are set per kind of file below.
  await app.register(fastifyStatic, { root: options.webDist, serve: false, cacheControl: false });

  // Public: the sign-in page must load without a token. It hands the paths of the API, the live
  // channel and the files door back as not found, which the auth plugin then answers as protected.
  app.get<{ Params: { '*': string } }>('/*', { config: { public: true } }, async (request, reply) => {
    // The path as the router decoded it.
    const path = `/${request.params['*']}`;
    if (NOT_CONSOLE.test(path)) return reply.callNotFound();
    if (path.startsWith('/assets/')) {
      // Vite names assets by content hash, so they never change.
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(path.slice(1));
    }
    if (path !== '/' && path !== '/index.html' && /\.[a-z0-9]+$/i.test(path) && isFileInDist(path)) {
      return reply.header('cache-control', 'public, max-age=3600').sendFile(path.slice(1));
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderIndex(request));
  });
}

export default fp(consolePlugin, { name: 'provisor-console' });
