// Building the services: the database (opened and migrated), each module's service, first-start data,
// and how the modules hear of each other's changes (the event bus). Nothing here listens, runs on a
// timer or registers a route: see background.ts and http.ts; app.ts composes the three.
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { checkConnection, migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { createLoginLimiter } from './modules/auth/login-limiter';
import { claimConnectionRequest, createCluster, type Cluster } from './modules/cluster/index';
import { createApiTokens, type ApiTokens } from './modules/auth/api-tokens';
import { createAuthService, type AuthService } from './modules/auth/service';
import { createAuditLog, type AuditLog } from './modules/audit/index';
import { createTokenSigner, loadSigningSecret } from './modules/auth/tokens';
import { createConnectionRequester, type ConnectionRequester } from './modules/cwmp/connection-request';
import { createCpeAuthenticator, type CpeAuthenticator } from './modules/cwmp/cpe-auth';
import { createLoadShedder, type LoadShedder } from './modules/cwmp/load-shedder';
import { createSessionEngine, type JobSide, type SessionEngine } from './modules/cwmp/session-engine';
import { createDataModelsService, SKIPPED_WARNING } from './modules/data-model/service';
import { createInformStore } from './modules/devices/inform-store';
import { createDevicesRepository } from './modules/devices/repository';
import { createDevicesService, type DevicesService } from './modules/devices/service';
import { createFileStore, type FileStore } from './modules/files/store';
import { createOperationsService, type OperationsService } from './modules/jobs/operations';
import { createOperationsRepository } from './modules/jobs/operations-repository';
import { createJobsRepository } from './modules/jobs/repository';
import { createAssignments, type Assignments } from './modules/jobs/assignment';
import {
  createCampaignsRepository,
  createCampaignsService,
  createGroupsService,
  type CampaignsService,
  type GroupsService,
} from './modules/campaigns/index';
import { createJobEngine } from './modules/jobs/engine';
import { createJobsService, type JobsService } from './modules/jobs/service';
import { createWaker } from './modules/jobs/wake';
import { createEventBus, type EventBus } from './modules/live/event-bus';
import { createProfilesRepository } from './modules/profiles/repository';
import { createProfilesService, type ProfilesService } from './modules/profiles/service';
import { CWMP_AUTH_OFF_WARNING, defaultSettings } from './modules/settings/defaults';
import { createSettingsService, type SettingsService } from './modules/settings/service';
import { BackupStopped } from './db/backup-worker';
import { createBackups, type Backups } from './modules/settings/backups';
import { createStatsService, type StatsService } from './modules/stats/service';
import { createActivityLog, type ActivityLog } from './modules/stats/activity';
import { createPerformanceMonitor, type PerformanceMonitor } from './modules/stats/performance';
import { createSnapshots, type Snapshots } from './modules/stats/snapshots';
import { createMetrics, type Metrics } from './modules/stats/metrics';
import { createTemplatesRepository } from './modules/templates/repository';
import { createTemplatesService, type TemplatesService } from './modules/templates/service';
import { createUsersRepository } from './modules/users/repository';
import { createUsersService, type UsersService } from './modules/users/service';

export interface Services {
  database: DatabaseHandle;
  /** This process among those sharing the database: its id, the leader's duties, the relay (modules/cluster). */
  cluster: Cluster;
  auth: AuthService;
  users: UsersService;
  apiTokens: ApiTokens;
  /** The audit log (issue 22): every change made through the API. */
  audit: AuditLog;
  bus: EventBus;
  settings: SettingsService;
  /** Scheduled SQLite backups (settings/backups.ts). */
  backups: Backups;
  devices: DevicesService;
  stats: StatsService;
  /** The Dashboard's persisted activity feed (stats/activity.ts). */
  activity: ActivityLog;
  /** The server's load, sampled (stats/performance.ts). */
  performance: PerformanceMonitor;
  /** Hourly dashboard counts for the trends (stats/snapshots.ts). */
  snapshots: Snapshots;
  /** Prometheus metrics; null unless PROVISOR_METRICS_TOKEN is set (stats/metrics.ts). */
  metrics: Metrics | null;
  cwmp: SessionEngine;
  cpeAuth: CpeAuthenticator;
  connectionRequests: ConnectionRequester;
  jobs: JobsService;
  operations: OperationsService;
  /** Assigning profiles and pushing them (jobs/assignment.ts). */
  assignments: Assignments;
  files: FileStore;
  templates: TemplatesService;
  profiles: ProfilesService;
  /** Saved device groups (campaigns/groups.ts). */
  groups: GroupsService;
  /** Firmware campaigns and their scheduler (campaigns/service.ts). */
  campaigns: CampaignsService;
}

/** The services, and the parts that only the background work and the HTTP doors use. */
export interface Core {
  services: Services;
  /** Says when the CWMP door refuses new sessions (it samples the event loop while the server listens). */
  shedder: LoadShedder;
  /** Wakes devices for new jobs; its scheduled retries end with the server. */
  waker: ReturnType<typeof createWaker>;
}

export interface ServicesOptions {
  log: FastifyBaseLogger;
  /** Clock of the sign-in limiter, in milliseconds (tests move it instead of waiting). */
  now?: () => number;
  /** What CWMP sessions ask for RPCs instead of the job engine (tests of the CWMP door). */
  jobSide?: JobSide;
}

/** Opens the database and builds every service; the database is closed again if anything fails. */
export async function buildServices(config: Config, options: ServicesOptions): Promise<Core> {
  const database = openDatabase(config.database, {
    onIdleError: (err) =>
      options.log.warn({ err }, 'an idle database connection failed; it will be replaced'),
    onCheckpointError: (err) =>
      options.log.warn({ err }, 'the WAL checkpoint failed; the next pass tries again'),
  });
  try {
    return await build(config, options, database);
  } catch (err) {
    await database.destroy().catch(() => undefined);
    throw err;
  }
}

async function build(
  config: Config,
  { log, now, jobSide }: ServicesOptions,
  database: DatabaseHandle,
): Promise<Core> {
  await checkConnection(database);
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

  const usersRepo = createUsersRepository(database.db);
  const users = createUsersService(usersRepo);
  const initial = await users.ensureInitialAdmin(config.adminPassword);
  if (initial?.generatedPassword) {
    log.warn(
      `First start: created user "admin" with password ${initial.generatedPassword} ` +
        '(shown only this once; change it with `npm run user -- passwd admin`)',
    );
  } else if (initial) {
    log.info('First start: created user "admin" with the password from PROVISOR_ADMIN_PASSWORD');
  }

  const signingSecret = await loadSigningSecret(database.db, config.jwtSecret);
  const signer = createTokenSigner(signingSecret, config.tokenTtlSeconds);
  const limiter = createLoginLimiter({
    db: database.db,
    maxFailures: config.loginMaxFailures,
    windowMs: config.loginWindowSeconds * 1000,
    ...(now ? { now } : {}),
  });
  const apiTokens = createApiTokens(database.db, usersRepo);
  const auth = createAuthService({ db: database.db, users: usersRepo, signer, limiter, apiTokens });
  const audit = createAuditLog(database.db, {
    flushIntervalMs: 1000,
    flushAt: 200,
    retentionDays: config.auditRetentionDays,
    onError: (err) => log.warn({ err }, 'writing the audit log failed'),
  });
  const bus = createEventBus({
    onError: (err, type) => log.error({ err, event: type }, 'a handler of a bus event failed'),
  });
  const cluster = createCluster({
    db: database.db,
    postgresUrl: config.database.kind === 'postgres' ? config.database.url : null,
    bus,
    log,
    heartbeatMs: config.clusterHeartbeatMs,
    leaseMs: config.clusterLeaseMs,
  });
  // A session ended here closes its live sockets in every process (live/plugin.ts).
  auth.onRevoke((jti) => bus.signal('token_revoked', { jti }));
  auth.onUserRevoke((userId) => bus.signal('user_revoked', { userId }));
  const settings = await createSettingsService(
    database.db,
    defaultSettings(
      { port: config.port, host: config.host },
      database.dialect,
      config.database.kind === 'sqlite' ? config.database.path : '',
    ),
  );
  const warnIfCwmpOpen = () => {
    if (!settings.get().cwmp.authRequired) log.warn(CWMP_AUTH_OFF_WARNING);
  };
  warnIfCwmpOpen();
  settings.onSave(warnIfCwmpOpen);
  // Saved here, in force in every process within moments: the others read them again.
  settings.onSave(() => bus.signal('settings_changed', {}));
  bus.onRemote('settings_changed', () => {
    settings
      .reload()
      .catch((err: unknown) => log.warn({ err }, 'reading the settings saved elsewhere failed'));
  });
  cluster.onResync(() => {
    settings.reload().catch((err: unknown) => log.warn({ err }, 'reading the settings again failed'));
  });
  const backups = createBackups({
    backup: database.backup,
    databasePath: config.database.kind === 'sqlite' ? config.database.path : '',
    settings,
    onError: (err) =>
      err instanceof BackupStopped
        ? log.info(
            { err },
            'the scheduled database backup was stopped with the server; the next start takes it',
          )
        : log.error({ err }, 'the scheduled database backup failed'),
  });
  const devices = createDevicesService(
    createDevicesRepository(database.db, database.dialect, { prepared: database.prepared }),
    createInformStore(database.db, database.prepared, database.dialect),
    bus,
    {
      defaultInformInterval: config.defaultInformInterval,
      offlineGraceSeconds: config.offlineGraceSeconds,
    },
  );
  const jobs = createJobsService(
    createJobsRepository(database.db, database.dialect, database.prepared),
    devices,
    bus,
    {
      defaultTtlSeconds: config.jobTtlSeconds,
      waits: { bootSeconds: config.rebootTimeoutSeconds, transferSeconds: config.transferTimeoutSeconds },
      processId: cluster.id,
    },
  );
  const operations = createOperationsService(createOperationsRepository(database.db), bus, {
    updateIntervalMs: 1000,
    onError: (err) => log.warn({ err }, 'bulk operation update failed'),
    chunkSize: config.bulkChunkSize,
  });
  // stats_update coalesced: a recount 200 ms after a change, at most one a second however many
  // routers inform (issue 18: every open console refetches nothing, the counts ride on the message).
  const stats = createStatsService(devices, jobs, bus, {
    minIntervalMs: 1000,
    onError: (err) => log.warn({ err }, 'stats update failed'),
  });
  const shedder = createLoadShedder({ maxLagMs: config.cwmpShedLagMs });
  const files = createFileStore(database.db, config.filesDir);
  if (!config.dataModelsDir) log.info(SKIPPED_WARNING);
  const dataModels = createDataModelsService({ dir: config.dataModelsDir, log });
  const templates = createTemplatesService(
    createTemplatesRepository(database.db, database.dialect),
    dataModels,
  );
  const profiles = createProfilesService(createProfilesRepository(database.db, database.dialect), templates, {
    assignedProfilesBySerial: (serials) => devices.assignedProfilesBySerial(serials),
  });
  // Profiles reach routers by themselves: on assignment, and at each bootstrap (jobs/assignment.ts).
  const assignments = createAssignments({ devices, jobs, profiles, log });
  const jobEngine = createJobEngine(
    { jobs, devices, files, settings, assignments, log },
    {
      maxAttempts: config.jobMaxAttempts,
      setConnectionRequestCredentials: config.setConnectionRequestCredentials,
      discoverTree: config.discoverTree,
    },
  );
  // Off unless an operator asked for it (README "Operations").
  const metrics = config.metricsToken
    ? createMetrics({
        bus,
        devices,
        jobs,
        activeSessions: () => cwmp.activeSessions(),
        statements: () => database.statements.count,
      })
    : null;
  const cwmp = createSessionEngine(
    { devices, settings, bus, jobs: jobSide ?? jobEngine, log },
    {
      maxRpcsPerSession: config.cwmpMaxRpcsPerSession,
      maxCpeSessionTimeoutSeconds: config.cwmpMaxCpeSessionTimeoutSeconds,
      maxBodyBytes: config.cwmpBodyLimitBytes,
      shedder,
      ...(metrics ? { observer: metrics.observer } : {}),
      // The waker (below) wakes the next device when a session leaves room at the door.
      onSessionClosed: () => waker.sessionEnded(),
    },
  );
  const cpeAuth = createCpeAuthenticator(settings, devices, {
    nonceTtlMs: config.digestNonceTtlSeconds * 1000,
    digestAlgorithms: config.cwmpDigestAlgorithms,
    freeFailures: 5,
    failureWindowMs: 10 * 60 * 1000,
    maxDelayMs: 5000,
    // Derived from the kept secret, so processes sharing the database accept each other's nonces.
    // "v2": nonces carry an issue stamp, not a time (cpe-auth.ts); a process of an earlier version
    // sharing the database must take them as unknown (a fresh challenge), never misread them.
    nonceKey: createHmac('sha256', signingSecret).update('provisor: CWMP Digest nonces v2').digest(),
  });
  const requester = createConnectionRequester({
    timeoutMs: config.connectionRequestTimeoutMs,
    concurrency: config.connectionRequestConcurrency,
    minIntervalMs: config.connectionRequestMinIntervalMs,
    allowBasic: () => settings.get().connectionRequest.allowBasic,
    allowedNetworks: () => settings.get().connectionRequest.allowedNetworks,
    // Kept in the database: processes sharing it share each device's interval, and the leader
    // finds the devices whose wake was lost (jobs.rewake).
    claim: claimConnectionRequest(database.db),
  });
  // Every connection request's outcome is told on the bus (activity log, metrics), whoever sent it.
  const connectionRequests: ConnectionRequester = {
    async send(target) {
      const result = await requester.send(target);
      bus.signal('connection_request_done', {
        deviceId: target.deviceId,
        outcome: result.outcome,
        message: result.message,
      });
      return result;
    },
  };
  const activity = createActivityLog(database.db, devices, bus, {
    flushIntervalMs: 1000,
    flushAt: 500,
    maxEntries: config.activityMaxEntries,
    maxDays: config.activityMaxDays,
    onError: (err) => log.warn({ err }, 'writing the activity log failed'),
  });
  const performance = createPerformanceMonitor(bus, {
    intervalMs: 5000,
    activeSessions: () => cwmp.activeSessions(),
    overloaded: () => shedder.overloaded(),
  });
  const snapshots = createSnapshots(database.db, () => stats.compute());
  // New jobs wake their device with a connection request (see modules/jobs/wake.ts).
  const waker = createWaker({
    settings,
    connectionRequests,
    inSession: (id) => cwmp.inSession(id),
    hasPendingJobs: async (id) => (await jobs.unfinishedOf(id)).some((j) => j.status === 'pending'),
    retryAfterMs: config.connectionRequestMinIntervalMs,
    maxInFlight: config.connectionRequestConcurrency,
    sessionRoom: () => settings.get().server.maxConnections - cwmp.activeSessions(),
    log,
  });
  // A woken device's session began (here or in another process): it no longer holds room at this
  // process's door. Room may also grow with the setting.
  const sessionBegan = ({ connected, deviceId }: { connected: boolean; deviceId: string }) => {
    if (connected) waker.arrived(deviceId);
  };
  bus.on('connection_event', sessionBegan);
  bus.onRemote('connection_event', sessionBegan);
  settings.onChange(() => waker.sessionEnded());
  // Jobs arrived: a device in a session runs them there; any other is woken.
  bus.on('jobs_arrived', ({ devices: arrived }) => {
    for (const d of arrived) cwmp.jobsArrived(d.id);
  });
  bus.on('jobs_arrived', ({ devices: arrived }) => {
    for (const d of arrived) waker.wake(d);
  });
  // A router went on with another process: the session it left here ends now.
  bus.onRemote('cwmp_session_left', ({ sessionId, principal }) => {
    cwmp
      .left(sessionId, principal)
      .catch((err: unknown) =>
        log.warn({ err, sessionId }, 'ending a CWMP session left for another process failed'),
      );
  });
  // Jobs created in another process: a session open here runs them (that process wakes the device).
  bus.onRemote('device_jobs_arrived', ({ deviceIds }) => {
    for (const id of deviceIds) cwmp.jobsArrived(id);
  });
  const campaignsRepo = createCampaignsRepository(database.db);
  const groups = createGroupsService(campaignsRepo, devices);
  const campaigns = createCampaignsService(
    { repo: campaignsRepo, groups, devices, files, jobs, bus },
    {
      updateIntervalMs: 1000,
      tickMs: config.campaignTickMs,
      onError: (err) => log.warn({ err }, 'moving a firmware campaign on failed'),
    },
  );
  const seeded = await templates.seedStarters();
  if (seeded > 0) log.info({ templates: seeded }, 'First start: created the starter templates');
  return {
    services: {
      files,
      templates,
      profiles,
      database,
      cluster,
      auth,
      users,
      apiTokens,
      audit,
      bus,
      settings,
      backups,
      devices,
      stats,
      activity,
      performance,
      snapshots,
      metrics,
      cwmp,
      cpeAuth,
      connectionRequests,
      jobs,
      operations,
      assignments,
      groups,
      campaigns,
    },
    shedder,
    waker,
  };
}
