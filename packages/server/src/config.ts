// Configuration is parsed once at start-up from the environment and passed in (style rule 7).
import { existsSync, statSync } from 'node:fs';
import type { DigestAlgorithm } from '@provisor/cwmp';
import { isIP } from 'node:net';
import { parseNetwork } from './net/addresses';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Password for the `admin` user created on first start; generated and logged once when absent. */
  adminPassword: string | undefined;
  /** JWT signing secret; when absent one is generated and kept in the database. */
  jwtSecret: string | undefined;
  providerName: string;
  logLevel: string;
  /** Directory of the built console; null serves no console (API only). */
  webDist: string | null;
  /** Lifetime of a sign-in token. */
  tokenTtlSeconds: number;
  /** Largest JSON request body accepted by the API. */
  bodyLimitBytes: number;
  /**
   * Failed sign-ins allowed per address within `loginWindowSeconds` (then it is refused until the
   * window ends), and per username before its attempts from unfamiliar addresses are slowed down.
   */
  loginMaxFailures: number;
  /** That window; a username's count lapses once a window passes without a failure. */
  loginWindowSeconds: number;
  /** Largest CWMP message accepted, in bytes (after decompression too). */
  cwmpBodyLimitBytes: number;
  /**
   * Largest CWMP message that answers no RPC of ours: an Inform, a TransferComplete, anything outside
   * a session. Only answers to the ACS's own requests may be larger (up to cwmpBodyLimitBytes).
   */
  cwmpFirstMessageLimitBytes: number;
  /** Time a router may take to send one CWMP message's body, in milliseconds. */
  cwmpBodyTimeoutMs: number;
  /** Event-loop lateness (ms) past which new CWMP sessions are answered 503; 0 never sheds. */
  cwmpShedLagMs: number;
  /** Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR networks); none by default. */
  trustProxy: string[];
  /** RPCs the ACS sends in one CWMP session at most. */
  cwmpMaxRpcsPerSession: number;
  /** The longest SessionTimeout a router may ask for beyond the settings' timeout, in seconds. */
  cwmpMaxCpeSessionTimeoutSeconds: number;
  /** How often idle CWMP sessions and overdue devices are looked for, in milliseconds. */
  sweepIntervalMs: number;
  /** How often the firmware campaign scheduler looks at every active campaign (issue 21). */
  campaignTickMs: number;
  /** Several processes on one PostgreSQL (modules/cluster): how often each beats, and when a silent one is dead. */
  clusterHeartbeatMs: number;
  clusterLeaseMs: number;
  /**
   * How long a device with jobs waiting may go without a connection request before the leader wakes
   * it again (a wake lost with the process that was to send it, a router that missed one).
   */
  rewakeSeconds: number;
  /** Seconds added to twice a device's Inform interval before it is offline. */
  offlineGraceSeconds: number;
  /** Inform interval assumed for devices that did not report one, in seconds. */
  defaultInformInterval: number;
  /** Lifetime of a Digest nonce issued to CPEs, in seconds. */
  digestNonceTtlSeconds: number;
  /**
   * The Digest algorithms offered to CPEs, in the order of the challenges (a router may read only
   * the first), and the only ones accepted. MD5 first by default: every router speaks it.
   */
  cwmpDigestAlgorithms: DigestAlgorithm[];
  /** Connection requests: timeout, concurrency, and least time between two to one device. */
  connectionRequestTimeoutMs: number;
  connectionRequestConcurrency: number;
  connectionRequestMinIntervalMs: number;
  /** Lifetime of a job that has not finished, in seconds. */
  jobTtlSeconds: number;
  /** Devices a bulk call by filter reads and makes jobs for at a time (its memory is bounded by it). */
  bulkChunkSize: number;
  /** Sessions a job may lose without an answer before it fails. */
  jobMaxAttempts: number;
  /**
   * Seconds a router may take to come back (inform with 1 BOOT, M Reboot or 0 BOOTSTRAP) after it
   * acknowledged a Reboot or FactoryReset, before the job fails and its next jobs may run.
   */
  rebootTimeoutSeconds: number;
  /** Seconds a router may take to report a transfer it accepted (TransferComplete) before the job fails. */
  transferTimeoutSeconds: number;
  /** Directory of the file store (firmware, configuration files, CPE uploads). */
  filesDir: string;
  /** Largest file accepted from operators or CPEs, in bytes. */
  maxFileBytes: number;
  /** Base URL that CPEs use to fetch and send files; by default the address they reached us at. */
  publicUrl: string | null;
  /** Whether Provisor sets each device's connection-request credentials (TR-069 Amendment 6, 3.2.2). */
  setConnectionRequestCredentials: boolean;
  /** Whether Provisor reads each router's whole tree at its bootstrap (jobs/types/discover-tree.ts). */
  discoverTree: boolean;
  /** Directory of Broadband Forum data-model XML files for the template check; null skips it. */
  dataModelsDir: string | null;
  /** Activity log retention: at most this many entries, none older than activityMaxDays. */
  activityMaxEntries: number;
  activityMaxDays: number;
  /** Bearer token of GET /metrics; null turns /metrics off (404). */
  metricsToken: string | null;
  /** Audit log retention in days (PROVISOR_AUDIT_RETENTION_DAYS): older entries are pruned hourly. */
  auditRetentionDays: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${raw}"`);
  }
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false; got "${env[name]}"`);
}

/** Parses DATABASE_URL: `sqlite:<path>` (relative to the working directory) or `postgres://...`. */
export function parseDatabaseUrl(url: string, cwd = process.cwd()): DatabaseConfig {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgres', url };
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '')
      throw new ConfigError('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./data/provisor.db');
    return { kind: 'sqlite', path: path === ':memory:' ? path : resolve(cwd, path) };
  }
  throw new ConfigError(
    `DATABASE_URL must start with "sqlite:" (e.g. sqlite:./data/provisor.db) or "postgres://"; got "${url}"`,
  );
}

function publicUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  if (!/^https?:\/\/[^/\s]+$/.test(raw.replace(/\/$/, ''))) {
    throw new ConfigError(
      `PROVISOR_PUBLIC_URL must be like http://acs.example.net:3029 (scheme, host, port; no path); got "${raw}"`,
    );
  }
  return raw.replace(/\/$/, '');
}

const DIGEST_ALGORITHMS: readonly DigestAlgorithm[] = ['MD5', 'SHA-256'];

/** PROVISOR_CWMP_DIGEST_ALGORITHMS: "MD5,SHA-256" (the default), "SHA-256,MD5", "MD5" or "SHA-256". */
function digestAlgorithms(raw: string | undefined): DigestAlgorithm[] {
  const name = 'PROVISOR_CWMP_DIGEST_ALGORITHMS';
  if (raw === undefined || raw.trim() === '') return ['MD5', 'SHA-256'];
  const chosen: DigestAlgorithm[] = [];
  for (const entry of raw.split(',').map((e) => e.trim().toUpperCase())) {
    const algorithm = DIGEST_ALGORITHMS.find((a) => a === entry);
    if (algorithm === undefined) {
      throw new ConfigError(
        `${name} must list MD5 and/or SHA-256 in the order the challenges are offered, e.g. "MD5,SHA-256"; "${entry}" is neither`,
      );
    }
    if (chosen.includes(algorithm)) throw new ConfigError(`${name} names ${algorithm} twice; got "${raw}"`);
    chosen.push(algorithm);
  }
  return chosen;
}

/** PROVISOR_TRUST_PROXY: a comma-separated list of addresses and CIDR networks. */
function trustProxy(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((e) => isIP(e) === 0 && parseNetwork(e) === null);
  if (bad !== undefined) {
    throw new ConfigError(
      `PROVISOR_TRUST_PROXY must list the addresses or networks of your reverse proxies, e.g. "10.0.0.5, 192.0.2.0/24"; "${bad}" is neither`,
    );
  }
  return entries;
}

function dataModelsDir(raw: string | undefined, cwd: string): string | null {
  if (!raw) return null;
  const dir = resolve(cwd, raw);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ConfigError(
      `PROVISOR_DATA_MODELS_DIR must be a directory of BBF data-model XML files (e.g. tr-181-2-17-0-cwmp-full.xml); "${dir}" is not a directory`,
    );
  }
  return dir;
}

/** PROVISOR_METRICS_TOKEN: set, /metrics is served to requests bearing it; unset, /metrics is off. */
function metricsToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < 16 || /\s/.test(raw))
    throw new ConfigError(
      'PROVISOR_METRICS_TOKEN must be at least 16 characters without spaces (or unset, to turn /metrics off)',
    );
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const logLevel = env.PROVISOR_LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`PROVISOR_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${logLevel}"`);
  }
  const jwtSecret = env.PROVISOR_JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError(
      'PROVISOR_JWT_SECRET must be at least 32 characters long (or unset, to generate one)',
    );
  }
  const webDist = env.PROVISOR_WEB_DIST ?? resolve(repoRoot, 'packages', 'web', 'dist');
  const clusterHeartbeatMs = integer(env, 'PROVISOR_CLUSTER_HEARTBEAT_MS', 2000, 100, 60_000);
  const clusterLeaseMs = integer(env, 'PROVISOR_CLUSTER_LEASE_MS', 10_000, 500, 600_000);
  // A live process must never look dead: its lease spans at least two heartbeats.
  if (clusterLeaseMs < 2 * clusterHeartbeatMs)
    throw new ConfigError(
      `PROVISOR_CLUSTER_LEASE_MS (${clusterLeaseMs}) must be at least twice PROVISOR_CLUSTER_HEARTBEAT_MS ` +
        `(${clusterHeartbeatMs}), or a process that is alive would be taken for dead; e.g. ${5 * clusterHeartbeatMs}`,
    );
  return {
    port: integer(env, 'PORT', 3029, 0, 65535),
    host: env.HOST || '0.0.0.0',
    database: parseDatabaseUrl(env.DATABASE_URL || 'sqlite:./data/provisor.db', cwd),
    adminPassword: env.PROVISOR_ADMIN_PASSWORD || undefined,
    jwtSecret,
    providerName: env.PROVIDER_NAME ?? '',
    logLevel,
    webDist: webDist === '' ? null : resolve(cwd, webDist),
    tokenTtlSeconds: integer(env, 'PROVISOR_TOKEN_TTL', 12 * 3600, 60, 30 * 24 * 3600),
    bodyLimitBytes: integer(env, 'PROVISOR_BODY_LIMIT', 1024 * 1024, 1024, 64 * 1024 * 1024),
    loginMaxFailures: integer(env, 'PROVISOR_LOGIN_MAX_FAILURES', 10, 1, 10_000),
    loginWindowSeconds: integer(env, 'PROVISOR_LOGIN_WINDOW', 15 * 60, 1, 24 * 3600),
    cwmpBodyLimitBytes: integer(env, 'PROVISOR_CWMP_BODY_LIMIT', 8 * 1024 * 1024, 1024, 256 * 1024 * 1024),
    cwmpFirstMessageLimitBytes: integer(
      env,
      'PROVISOR_CWMP_FIRST_MESSAGE_LIMIT',
      256 * 1024,
      1024,
      256 * 1024 * 1024,
    ),
    cwmpBodyTimeoutMs: integer(env, 'PROVISOR_CWMP_BODY_TIMEOUT_MS', 30_000, 100, 3_600_000),
    cwmpShedLagMs: integer(env, 'PROVISOR_CWMP_SHED_LAG_MS', 100, 0, 60_000),
    trustProxy: trustProxy(env.PROVISOR_TRUST_PROXY),
    cwmpMaxRpcsPerSession: integer(env, 'PROVISOR_CWMP_MAX_RPCS', 256, 1, 100_000),
    cwmpMaxCpeSessionTimeoutSeconds: integer(env, 'PROVISOR_CWMP_MAX_SESSION_TIMEOUT', 120, 5, 3600),
    sweepIntervalMs: integer(env, 'PROVISOR_SWEEP_INTERVAL_MS', 5000, 10, 3_600_000),
    campaignTickMs: integer(env, 'PROVISOR_CAMPAIGN_TICK_MS', 1000, 10, 60_000),
    clusterHeartbeatMs,
    clusterLeaseMs,
    rewakeSeconds: integer(env, 'PROVISOR_REWAKE_SECONDS', 60, 1, 86_400),
    offlineGraceSeconds: integer(env, 'PROVISOR_OFFLINE_GRACE', 60, 0, 86_400),
    defaultInformInterval: integer(env, 'PROVISOR_DEFAULT_INFORM_INTERVAL', 300, 1, 30 * 86_400),
    digestNonceTtlSeconds: integer(env, 'PROVISOR_DIGEST_NONCE_TTL', 300, 1, 86_400),
    cwmpDigestAlgorithms: digestAlgorithms(env.PROVISOR_CWMP_DIGEST_ALGORITHMS),
    connectionRequestTimeoutMs: integer(env, 'PROVISOR_CR_TIMEOUT_MS', 5000, 10, 120_000),
    connectionRequestConcurrency: integer(env, 'PROVISOR_CR_CONCURRENCY', 50, 1, 10_000),
    connectionRequestMinIntervalMs: integer(env, 'PROVISOR_CR_MIN_INTERVAL_MS', 1000, 0, 3_600_000),
    jobTtlSeconds: integer(env, 'PROVISOR_JOB_TTL', 7 * 86_400, 10, 365 * 86_400),
    bulkChunkSize: integer(env, 'PROVISOR_BULK_CHUNK_SIZE', 5000, 1, 100_000),
    jobMaxAttempts: integer(env, 'PROVISOR_JOB_MAX_ATTEMPTS', 3, 1, 100),
    rebootTimeoutSeconds: integer(env, 'PROVISOR_REBOOT_TIMEOUT', 600, 1, 7 * 86_400),
    transferTimeoutSeconds: integer(env, 'PROVISOR_TRANSFER_TIMEOUT', 3600, 1, 7 * 86_400),
    filesDir: resolve(cwd, env.PROVISOR_FILES_DIR || './data/files'),
    maxFileBytes: integer(env, 'PROVISOR_MAX_FILE_BYTES', 256 * 1024 * 1024, 1024, 16 * 1024 * 1024 * 1024),
    publicUrl: publicUrl(env.PROVISOR_PUBLIC_URL),
    setConnectionRequestCredentials: boolean(env, 'PROVISOR_CR_SET_CREDENTIALS', true),
    discoverTree: boolean(env, 'PROVISOR_DISCOVER_TREE', true),
    dataModelsDir: dataModelsDir(env.PROVISOR_DATA_MODELS_DIR, cwd),
    activityMaxEntries: integer(env, 'PROVISOR_ACTIVITY_MAX_ENTRIES', 10_000, 100, 10_000_000),
    activityMaxDays: integer(env, 'PROVISOR_ACTIVITY_MAX_DAYS', 30, 1, 3650),
    metricsToken: metricsToken(env.PROVISOR_METRICS_TOKEN),
    auditRetentionDays: integer(env, 'PROVISOR_AUDIT_RETENTION_DAYS', 365, 1, 36500),
  };
}
