// HTTP registration: security headers, the WebSocket upgrade, authentication, and every door's
// routes (REST API, live channel, files, CWMP, console), in the order their hooks need.
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import auditPlugin from './modules/audit/plugin';
import { requirePermissions, routePermission, tokenRoutes } from './modules/auth/index';
import authPlugin from './modules/auth/plugin';
import { usersRoutes } from './modules/users/index';
import type { Permission } from './contract/users';
import consolePlugin from './modules/console/plugin';
import { createCwmpDoor, cwmpDoor, type CwmpDoor } from './modules/cwmp/plugin';
import { campaignsRoutes } from './modules/campaigns/routes';
import { connectionRoutes } from './modules/cwmp/routes';
import { devicesRoutes } from './modules/devices/routes';
import { filesRoutes } from './modules/files/routes';
import { assignRoutes } from './modules/jobs/assign-routes';
import { cpeFilesDoor } from './modules/jobs/cpe-files-door';
import { jobsRoutes } from './modules/jobs/routes';
import { transferRoutes } from './modules/jobs/transfer-routes';
import livePlugin, { registerWebsocket } from './modules/live/plugin';
import { profilesRoutes } from './modules/profiles/routes';
import { settingsRoutes } from './modules/settings/routes';
import { statsRoutes } from './modules/stats/routes';
import { templatesRoutes } from './modules/templates/routes';
import { apiReferenceRoutes } from './http/api-reference';
import { operationsRoutes } from './http/operations';
import type { Core } from './services';

export interface RouteSummary {
  method: string;
  url: string;
  public: boolean;
  /** What the caller's role must allow (auth/permissions.ts). */
  permission: Permission;
  /** The schemas the route validates its request with (the OpenAPI document is built from them). */
  schema: { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
  /** Schemas of the success answers, by status (Fastify serialises by them: nothing else leaves). */
  responses: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as registered (tests use it to check each one is protected). */
    routeTable: readonly RouteSummary[];
  }
}

/** Keeps `app.routeTable`: call before any route is registered. */
function trackRoutes(app: FastifyInstance): void {
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  // First: a route without a declared permission stops the start-up, naming it.
  requirePermissions(app);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        permission: routePermission(route.config)!,
        schema: (route.schema ?? {}) as RouteSummary['schema'],
        responses: Object.fromEntries(
          Object.entries((route.schema?.response as object | undefined) ?? {}).filter(([status]) =>
            status.startsWith('2'),
          ),
        ),
      });
    }
  });
}

export async function registerHttp(
  app: FastifyInstance,
  { services, shedder }: Core,
  config: Config,
): Promise<{ door: CwmpDoor }> {
  const { auth, bus, files, jobs, cwmp, cpeAuth, settings } = services;
  trackRoutes(app);
  // Requests per second for the Dashboard (stats/performance.ts): a counter, nothing more.
  app.addHook('onResponse', async (_request, reply) => {
    services.performance.countRequest();
    services.metrics?.countHttp(reply.statusCode);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The console bundles all CSS (sonner's inline <style> is turned off at build time).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Not helmet's default upgrade-insecure-requests: over plain HTTP by any name but loopback
        // (an operator at http://<server>:3029) the browser would fetch every asset over HTTPS,
        // which this server does not speak, and the console would stay blank.
        upgradeInsecureRequests: null,
      },
    },
    // The console is served over plain HTTP on private networks as often as over HTTPS.
    strictTransportSecurity: false,
  });
  await registerWebsocket(app);
  await app.register(authPlugin, { auth });
  await app.register(auditPlugin, { audit: services.audit });
  await app.register(usersRoutes);
  await app.register(tokenRoutes);
  await app.register(apiReferenceRoutes);
  await app.register(livePlugin, { bus, auth });
  await app.register(settingsRoutes);
  await app.register(devicesRoutes);
  await app.register(statsRoutes);
  await app.register(operationsRoutes, { metrics: services.metrics, metricsToken: config.metricsToken });
  await app.register(connectionRoutes);
  await app.register(jobsRoutes);
  await app.register(multipart, { limits: { fileSize: config.maxFileBytes, files: 1 } });
  await app.register(filesRoutes, { store: files, maxFileBytes: config.maxFileBytes });
  await app.register(transferRoutes, { store: files, maxFileBytes: config.maxFileBytes });
  await app.register(templatesRoutes, {
    maxImportBytes: Math.min(config.bodyLimitBytes, config.maxFileBytes),
  });
  await app.register(profilesRoutes);
  await app.register(assignRoutes);
  await app.register(campaignsRoutes);
  await app.register(cpeFilesDoor, { jobs, files, maxUploadBytes: config.maxFileBytes });
  const door = createCwmpDoor({
    engine: cwmp,
    auth: cpeAuth,
    settings,
    bodyLimitBytes: config.cwmpBodyLimitBytes,
    firstMessageLimitBytes: Math.min(config.cwmpFirstMessageLimitBytes, config.cwmpBodyLimitBytes),
    shedder,
    connectionFallback: config.trustProxy.length === 0,
    bodyTimeoutMs: config.cwmpBodyTimeoutMs,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(cwmpDoor, { door, settings });
  await app.register(consolePlugin, {
    webDist: config.webDist,
    providerName: config.providerName,
    host: config.host,
    port: config.port,
  });
  return { door };
}
