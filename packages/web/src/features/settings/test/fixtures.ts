import type { Settings } from '@provisor/server/contract';

/** The server's defaults (spec §9), a CWMP password set. */
export const SETTINGS: Settings = {
  server: { port: 3029, host: '0.0.0.0', corsOrigin: '', maxConnections: 100 },
  cwmp: {
    enabled: true,
    path: '/',
    authRequired: false,
    username: 'acs',
    sessionTimeout: 30,
    retryAttempts: 3,
    passwordSet: true,
  },
  connectionRequest: {
    enabled: true,
    port: 7547,
    username: 'cr',
    allowBasic: false,
    allowedNetworks: [],
    passwordSet: false,
  },
  database: {
    type: 'sqlite',
    path: 'data/provisor.db',
    backupEnabled: true,
    backupInterval: 24,
    maxBackups: 7,
  },
};
