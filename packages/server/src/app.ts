// buildApp(config) builds the whole server and opens its database; main.ts listens. It composes three
// parts: the services (services.ts), the background work (background.ts) and the HTTP doors (http.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { startBackgroundWork } from './background';
import type { Config } from './config';
import { registerErrorHandler } from './errors';
import { registerHttp } from './http';
import { directPeer } from './modules/cwmp/plugin';
import { checkAnswers } from './http/strict-answers';
import type { JobSide } from './modules/cwmp/session-engine';
import { buildServices, type Services } from './services';

export type { Services } from './services';
export type { RouteSummary } from './http';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  logger?: FastifyBaseLogger | false;
  /** Clock of the sign-in limiter, in milliseconds (tests move it instead of waiting). */
  now?: () => number;
  /** What CWMP sessions ask for RPCs instead of the job engine (tests of the CWMP door). */
  jobSide?: JobSide;
  /** Fail every answer that breaks its route's response schema (tests; see http/strict-answers.ts). */
  strictAnswers?: boolean;
  /** Told of every route as it is registered (the API reference's test compares its schemas). */
  onRoute?: (route: RouteOptions) => void;
}

const REQUEST_TIMEOUT_MS = 300_000;
/** Fastify's default: an idle kept-alive connection is closed after this long. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export async function buildApp(
  config: Config,
  { logger = false, now, jobSide, strictAnswers = false, onRoute }: BuildOptions = {},
): Promise<FastifyInstance> {
  /** Where POSTs to the CWMP path go straight from the HTTP server (set once the door exists). */
  let fastPath: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Fastify's own server, but for the CWMP door's fast path (modules/cwmp/plugin.ts).
    serverFactory: (handler) => {
      const server = createServer((req, res) => {
        if (fastPath === null || !fastPath(req, res)) handler(req, res);
      });
      // What Fastify sets on the server it makes itself (its defaults, but for the request timeout).
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      server.setTimeout(0);
      return server;
    },
    bodyLimit: config.bodyLimitBytes,
    // A request must arrive whole within this time (Node's own default, which Fastify turns off), so
    // that connections trickling bytes cannot be held open without end. The CWMP door bounds its
    // bodies more tightly.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Behind a reverse proxy, the router's address (connection requests go only there, see
    // cwmp/cr-target.ts) is in X-Forwarded-For, believed only from the proxies listed.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Unknown fields are an error that names them, not something silently dropped.
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
  });
  registerErrorHandler(app);
  if (strictAnswers) checkAnswers(app);
  if (onRoute) app.addHook('onRoute', onRoute);

  const core = await buildServices(config, {
    log: app.log,
    ...(now ? { now } : {}),
    ...(jobSide ? { jobSide } : {}),
  });
  // onClose hooks run last-added first: the database closes after everything that may still use it.
  app.addHook('onClose', async () => core.services.database.destroy());
  app.decorate('services', core.services);
  await startBackgroundWork(app, core, config);
  const { door } = await registerHttp(app, core, config);
  // Straight to the door: a POST to the CWMP path as written, unless a proxy is trusted (Fastify
  // reads the router's address from X-Forwarded-For then) or the server is closing (Fastify answers
  // 503 then). Requests are counted here, as Fastify's onResponse hook counts the others.
  const { performance, metrics } = core.services;
  const counted = (status: number) => {
    performance.countRequest();
    metrics?.countHttp(status);
  };
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  if (config.trustProxy.length === 0) {
    fastPath = (req, res) => {
      if (closing || !door.takes(req)) return false;
      door.serve(req, res, directPeer(req), counted);
      return true;
    };
  }
  return app;
}
