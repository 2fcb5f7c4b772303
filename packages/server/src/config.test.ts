import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/provisor');
    expect(config.port).toBe(3029);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ kind: 'sqlite', path: '/srv/provisor/data/provisor.db' });
    expect(config.adminPassword).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.providerName).toBe('');
    expect(config.rebootTimeoutSeconds).toBe(600);
    expect(config.transferTimeoutSeconds).toBe(3600);
    expect(config.cwmpMaxCpeSessionTimeoutSeconds).toBe(120);
  });

  it('reads the longest SessionTimeout a router may ask for, within 5 to 3600 s', () => {
    expect(loadConfig({ PROVISOR_CWMP_MAX_SESSION_TIMEOUT: '300' }).cwmpMaxCpeSessionTimeoutSeconds).toBe(
      300,
    );
    expect(() => loadConfig({ PROVISOR_CWMP_MAX_SESSION_TIMEOUT: '7200' })).toThrow(
      /PROVISOR_CWMP_MAX_SESSION_TIMEOUT must be a whole number from 5 to 3600; got "7200"/,
    );
  });

  it('refuses a cluster lease shorter than two heartbeats, saying what to set', () => {
    expect(loadConfig({}).clusterLeaseMs).toBe(10_000);
    expect(() =>
      loadConfig({ PROVISOR_CLUSTER_HEARTBEAT_MS: '3000', PROVISOR_CLUSTER_LEASE_MS: '5000' }),
    ).toThrow(
      /PROVISOR_CLUSTER_LEASE_MS \(5000\) must be at least twice PROVISOR_CLUSTER_HEARTBEAT_MS \(3000\).*e\.g\. 15000/,
    );
    expect(
      loadConfig({ PROVISOR_CLUSTER_HEARTBEAT_MS: '500', PROVISOR_CLUSTER_LEASE_MS: '3000' }).clusterLeaseMs,
    ).toBe(3000);
  });

  it('reads how long a job waits for its router to come back or report a transfer', () => {
    const config = loadConfig({ PROVISOR_REBOOT_TIMEOUT: '900', PROVISOR_TRANSFER_TIMEOUT: '7200' });
    expect(config.rebootTimeoutSeconds).toBe(900);
    expect(config.transferTimeoutSeconds).toBe(7200);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u:p@db:5432/acs',
        PROVISOR_ADMIN_PASSWORD: 'first-password',
        PROVISOR_JWT_SECRET: 'x'.repeat(32),
        PROVIDER_NAME: 'Acme Fibre',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/acs' },
      adminPassword: 'first-password',
      jwtSecret: 'x'.repeat(32),
      providerName: 'Acme Fibre',
    });
  });

  it.each([
    [{ PORT: 'http' }, /PORT must be a whole number from 0 to 65535; got "http"/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [
      { DATABASE_URL: 'mysql://x' },
      /DATABASE_URL must start with "sqlite:".*or "postgres:\/\/"; got "mysql:\/\/x"/,
    ],
    [{ DATABASE_URL: 'sqlite:' }, /needs a file path/],
    [{ PROVISOR_JWT_SECRET: 'short' }, /at least 32 characters/],
    [{ PROVISOR_LOG_LEVEL: 'loud' }, /PROVISOR_LOG_LEVEL must be one of/],
    [
      { PROVISOR_REBOOT_TIMEOUT: '10m' },
      /PROVISOR_REBOOT_TIMEOUT must be a whole number from 1 to 604800; got "10m"/,
    ],
    [{ PROVISOR_TRANSFER_TIMEOUT: '0' }, /PROVISOR_TRANSFER_TIMEOUT must be a whole number from 1/],
    [
      { PROVISOR_CR_SET_CREDENTIALS: 'maybe' },
      /PROVISOR_CR_SET_CREDENTIALS must be true or false; got "maybe"/,
    ],
    [
      { PROVISOR_PUBLIC_URL: 'acs.example.net' },
      /PROVISOR_PUBLIC_URL must be like http:\/\/acs.example.net:3029/,
    ],
  ])('refuses %o with a message saying what to fix', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('parseDatabaseUrl', () => {
  it('resolves sqlite paths against the working directory and keeps :memory:', () => {
    expect(parseDatabaseUrl('sqlite:db/x.db', '/a')).toEqual({ kind: 'sqlite', path: '/a/db/x.db' });
    expect(parseDatabaseUrl('sqlite:/abs/x.db', '/a')).toEqual({ kind: 'sqlite', path: '/abs/x.db' });
    expect(parseDatabaseUrl('sqlite:///abs/x.db', '/a')).toEqual({ kind: 'sqlite', path: '/abs/x.db' });
    expect(parseDatabaseUrl('sqlite::memory:', '/a')).toEqual({ kind: 'sqlite', path: ':memory:' });
    expect(parseDatabaseUrl('postgresql://h/db')).toEqual({ kind: 'postgres', url: 'postgresql://h/db' });
  });
});

describe('PROVISOR_CWMP_DIGEST_ALGORITHMS', () => {
  it('offers MD5 first, then SHA-256, by default', () => {
    expect(loadConfig({}).cwmpDigestAlgorithms).toEqual(['MD5', 'SHA-256']);
  });

  it('takes the order and the algorithms given, in any case and spacing', () => {
    expect(loadConfig({ PROVISOR_CWMP_DIGEST_ALGORITHMS: 'sha-256, md5' }).cwmpDigestAlgorithms).toEqual([
      'SHA-256',
      'MD5',
    ]);
    expect(loadConfig({ PROVISOR_CWMP_DIGEST_ALGORITHMS: 'SHA-256' }).cwmpDigestAlgorithms).toEqual([
      'SHA-256',
    ]);
  });

  it.each([
    ['SHA-1', /PROVISOR_CWMP_DIGEST_ALGORITHMS must list MD5 and\/or SHA-256 .* "SHA-1" is neither/],
    ['MD5,,SHA-256', /"" is neither/],
    ['MD5,md5', /names MD5 twice/],
  ])('refuses %s saying what to fix', (raw, message) => {
    expect(() => loadConfig({ PROVISOR_CWMP_DIGEST_ALGORITHMS: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ PROVISOR_CWMP_DIGEST_ALGORITHMS: raw })).toThrow(message);
  });
});
