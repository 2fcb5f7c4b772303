// buildApp(config) builds the whole server and opens its database; main.ts listens.
import { createHmac } from 'node:crypto';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { checkConnection, migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import type { DeviceRow } from './db/tables/devices';
import { registerErrorHandler } from './errors';
import { checkAnswers } from './http/strict-answers';
import { createLoginLimiter } from './modules/auth/login-limiter';
import authPlugin from './modules/auth/plugin';
import { createAuthService, type AuthService } from './modules/auth/service';
import { createTokenSigner, loadSigningSecret } from './modules/auth/tokens';
import consolePlugin from './modules/console/plugin';
import { createEventBus, type EventBus } from './modules/live/event-bus';
import livePlugin, { registerWebsocket } from './modules/live/plugin';
import { createUsersRepository } from './modules/users/repository';
import { createUsersService, type UsersService } from './modules/users/service';
import { createCpeAuthenticator, type CpeAuthenticator } from './modules/cwmp/cpe-auth';
import { createConnectionRequester, type ConnectionRequester } from './modules/cwmp/connection-request';
import { createLoadShedder } from './modules/cwmp/load-shedder';
import { cwmpDoor } from './modules/cwmp/plugin';
import { connectionRoutes } from './modules/cwmp/routes';
import { createSessionEngine, type SessionEngine } from './modules/cwmp/session-engine';
import { createInformStore } from './modules/devices/inform-store';
import { createDevicesRepository } from './modules/devices/repository';
import { cpeFilesDoor } from './modules/files/cpe-door';
import { filesRoutes } from './modules/files/routes';
import { createFileStore, type FileStore } from './modules/files/store';
import { createJobsRepository } from './modules/jobs/repository';
import { assignRoutes } from './modules/jobs/assign-routes';
import { jobsRoutes } from './modules/jobs/routes';
import { createWaker } from './modules/jobs/wake';
import { createJobRunner } from './modules/jobs/runner';
import { createJobsService, type JobsService } from './modules/jobs/service';
import { createDataModelsService, SKIPPED_WARNING } from './modules/data-model/service';
import { createProfilesRepository } from './modules/profiles/repository';
import { profilesRoutes } from './modules/profiles/routes';
import { createProfilesService, type ProfilesService } from './modules/profiles/service';
import { createTemplatesRepository } from './modules/templates/repository';
import { templatesRoutes } from './modules/templates/routes';
import { createTemplatesService, type TemplatesService } from './modules/templates/service';
import { devicesRoutes } from './modules/devices/routes';
import { createDevicesService, type DevicesService } from './modules/devices/service';
import { defaultSettings } from './modules/settings/defaults';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService, type SettingsService } from './modules/settings/service';
import { statsRoutes } from './modules/stats/routes';
import { createStatsService, type StatsService } from './modules/stats/service';

export interface Services {
  database: DatabaseHandle;
  auth: AuthService;
  users: UsersService;
  bus: EventBus;
  settings: SettingsService;
  devices: DevicesService;
  stats: StatsService;
  cwmp: SessionEngine;
  cpeAuth: CpeAuthenticator;
  connectionRequests: ConnectionRequester;
  jobs: JobsService;
  files: FileStore;
  templates: TemplatesService;
  profiles: ProfilesService;
}

export interface RouteSummary {
  method: string;
  url: string;
  public: boolean;
  /** Schemas of the success answers, by status (Fastify serialises by them: nothing else leaves). */
  responses: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every route registered, as registered (tests use it to check each one is protected). */
    routeTable: readonly RouteSummary[];
  }
}

export interface BuildOptions {
  logger?: FastifyBaseLogger | false;
  /** Clock of the sign-in limiter, in milliseconds (tests move it instead of waiting). */
  now?: () => number;
  /** Fail every answer that breaks its route's response schema (tests; see http/strict-answers.ts). */
  strictAnswers?: boolean;
}

const REQUEST_TIMEOUT_MS = 300_000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export async function buildApp(
  config: Config,
  { logger = false, now, strictAnswers = false }: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
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
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        responses: Object.fromEntries(
          Object.entries((route.schema?.response as object | undefined) ?? {}).filter(([status]) =>
            status.startsWith('2'),
          ),
        ),
      });
    }
  });

  const database = openDatabase(config.database, (err) =>
    app.log.warn({ err }, 'an idle database connection failed; it will be replaced'),
  );
  app.addHook('onClose', async () => database.destroy());
  await checkConnection(database);
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  const usersRepo = createUsersRepository(database.db);
  const users = createUsersService(usersRepo);
  const initial = await users.ensureInitialAdmin(config.adminPassword);
  if (initial?.generatedPassword) {
    app.log.warn(
      `First start: created user "admin" with password ${initial.generatedPassword} ` +
        '(shown only this once; change it with `npm run user -- passwd admin`)',
    );
  } else if (initial) {
    app.log.info('First start: created user "admin" with the password from PROVISOR_ADMIN_PASSWORD');
  }

  const signingSecret = await loadSigningSecret(database.db, config.jwtSecret);
  const signer = createTokenSigner(signingSecret, config.tokenTtlSeconds);
  const limiter = createLoginLimiter({
    db: database.db,
    maxFailures: config.loginMaxFailures,
    windowMs: config.loginWindowSeconds * 1000,
    ...(now ? { now } : {}),
  });
  const auth = createAuthService({ db: database.db, users: usersRepo, signer, limiter });
  const bus = createEventBus();
  const settings = await createSettingsService(
    database.db,
    defaultSettings(
      { port: config.port, host: config.host },
      database.dialect,
      config.database.kind === 'sqlite' ? config.database.path : '',
    ),
  );
  const devices = createDevicesService(
    createDevicesRepository(database.db, database.dialect),
    createInformStore(database.db, database.prepared),
    bus,
    {
      defaultInformInterval: config.defaultInformInterval,
      offlineGraceSeconds: config.offlineGraceSeconds,
    },
  );
  // Devices that informed before this start turn offline on time too.
  await devices.watchAll();
  const stats = createStatsService(devices, bus);
  devices.onCountsChanged(() =>
    stats.countsMayHaveChanged((err) => app.log.warn({ err }, 'stats update failed')),
  );
  const shedder = createLoadShedder({ maxLagMs: config.cwmpShedLagMs });
  app.addHook('onListen', async () => shedder.start());
  app.addHook('onClose', async () => shedder.stop());
  const cwmp = createSessionEngine(
    { devices, settings, bus, log: app.log },
    {
      maxRpcsPerSession: config.cwmpMaxRpcsPerSession,
      maxBodyBytes: config.cwmpBodyLimitBytes,
      shedder,
    },
  );
  const cpeAuth = createCpeAuthenticator(settings, devices, {
    nonceTtlMs: config.digestNonceTtlSeconds * 1000,
    freeFailures: 5,
    failureWindowMs: 10 * 60 * 1000,
    maxDelayMs: 5000,
    // Derived from the kept secret, so processes sharing the database accept each other's nonces.
    nonceKey: createHmac('sha256', signingSecret).update('provisor: CWMP Digest nonces').digest(),
  });
  const connectionRequests = createConnectionRequester({
    timeoutMs: config.connectionRequestTimeoutMs,
    concurrency: config.connectionRequestConcurrency,
    minIntervalMs: config.connectionRequestMinIntervalMs,
    allowBasic: () => settings.get().connectionRequest.allowBasic,
    allowedNetworks: () => settings.get().connectionRequest.allowedNetworks,
  });
  // New jobs wake their device with a connection request (see modules/jobs/wake.ts).
  const jobsRepo = createJobsRepository(database.db);
  const waker = createWaker({
    settings,
    connectionRequests,
    inSession: (id) => cwmp.inSession(id),
    hasPendingJobs: async (id) => (await jobsRepo.unfinished(id)).some((j) => j.status === 'pending'),
    retryAfterMs: config.connectionRequestMinIntervalMs,
    log: app.log,
  });
  // A device in a session runs its new jobs there; any other is woken.
  const wake = (device: DeviceRow) => {
    cwmp.jobsArrived(device.id);
    waker.wake(device);
  };
  app.addHook('onClose', async () => waker.stop());
  const jobs = createJobsService(jobsRepo, devices, bus, wake, {
    defaultTtlSeconds: config.jobTtlSeconds,
  });
  jobs.onChange(() => stats.countsMayHaveChanged((err) => app.log.warn({ err }, 'stats update failed')));
  stats.setJobCounter(async () => {
    const c = await jobs.countByStatus();
    return { pending: c.pending + c.running, completed: c.completed, failed: c.failed };
  });
  const recovered = await jobs.recover();
  if (recovered > 0) app.log.info({ jobs: recovered }, 'jobs interrupted by the last stop will run again');
  // Once routers can reach us, wake the ones that still have jobs.
  app.addHook('onListen', async () => {
    const woken = await jobs.wakePending();
    if (woken > 0) app.log.info({ devices: woken }, 'woke devices with pending jobs');
  });
  const files = createFileStore(database.db, config.filesDir);
  cwmp.setRpcSource(
    createJobRunner(
      { jobs, devices, files, settings, log: app.log },
      {
        maxAttempts: config.jobMaxAttempts,
        setConnectionRequestCredentials: config.setConnectionRequestCredentials,
      },
    ),
  );
  if (!config.dataModelsDir) app.log.info(SKIPPED_WARNING);
  const dataModels = createDataModelsService({ dir: config.dataModelsDir, log: app.log });
  const templates = createTemplatesService(
    createTemplatesRepository(database.db, database.dialect),
    dataModels,
  );
  const profiles = createProfilesService(createProfilesRepository(database.db, database.dialect), templates);
  const seeded = await templates.seedStarters();
  if (seeded > 0) app.log.info({ templates: seeded }, 'First start: created the starter templates');
  app.decorate('services', {
    files,
    templates,
    profiles,
    database,
    auth,
    users,
    bus,
    settings,
    devices,
    stats,
    cwmp,
    cpeAuth,
    connectionRequests,
    jobs,
  });

  // One sweeper: idle CWMP sessions time out, silent devices turn offline.
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    Promise.all([cwmp.sweep(), devices.sweepOffline(), jobs.expire()])
      .catch((err: unknown) => app.log.warn({ err }, 'sweep failed'))
      .finally(() => (sweeping = false));
  }, config.sweepIntervalMs);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    stats.stop();
    await cwmp.closeAll();
  });

  const prune = setInterval(() => {
    auth
      .prune()
      .catch((err: unknown) => app.log.warn({ err }, 'pruning revoked tokens and sign-in counts failed'));
  }, PRUNE_INTERVAL_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

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
      },
    },
    // The console is served over plain HTTP on private networks as often as over HTTPS.
    strictTransportSecurity: false,
  });
  await registerWebsocket(app);
  await app.register(authPlugin, { auth });
  await app.register(livePlugin, { bus, auth });
  await app.register(settingsRoutes);
  await app.register(devicesRoutes);
  await app.register(statsRoutes);
  await app.register(connectionRoutes);
  await app.register(jobsRoutes);
  await app.register(multipart, { limits: { fileSize: config.maxFileBytes, files: 1 } });
  await app.register(filesRoutes, { store: files, maxFileBytes: config.maxFileBytes });
  await app.register(templatesRoutes, {
    maxImportBytes: Math.min(config.bodyLimitBytes, config.maxFileBytes),
  });
  await app.register(profilesRoutes);
  await app.register(assignRoutes);
  await app.register(cpeFilesDoor, { jobs, files, maxUploadBytes: config.maxFileBytes });
  await app.register(cwmpDoor, {
    engine: cwmp,
    auth: cpeAuth,
    settings,
    bodyLimitBytes: config.cwmpBodyLimitBytes,
    firstMessageLimitBytes: Math.min(config.cwmpFirstMessageLimitBytes, config.cwmpBodyLimitBytes),
    shedder,
    connectionFallback: config.trustProxy.length === 0,
    bodyTimeoutMs: config.cwmpBodyTimeoutMs,
    publicUrl: config.publicUrl,
  });
  await app.register(consolePlugin, {
    webDist: config.webDist,
    providerName: config.providerName,
    host: config.host,
    port: config.port,
  });
  return app;
}
