// Server settings (spec §3 Settings) and their defaults (spec §9). Only server, cwmp, database and
// connectionRequest live on the server; ui and logging are client defaults.

export interface ServerSettings {
  server: { port: number; host: string; corsOrigin: string; maxConnections: number };
  cwmp: {
    enabled: boolean;
    path: string;
    authRequired: boolean;
    username: string;
    password: string;
    /** Seconds an idle CWMP session is kept. */
    sessionTimeout: number;
    retryAttempts: number;
  };
  connectionRequest: {
    enabled: boolean;
    port: number;
    username: string;
    password: string;
    /** Connection requests use Digest (TR-069 Amendment 6, 3.2.2); Basic is used only when allowed. */
    allowBasic: boolean;
    /**
     * Networks (CIDR) connection requests may go to besides the address each router's sessions
     * come from: for routers behind NAT that report private addresses (see cwmp/cr-target.ts).
     */
    allowedNetworks: string[];
  };
  database: {
    type: 'sqlite' | 'postgres';
    path: string;
    backupEnabled: boolean;
    backupInterval: number;
    maxBackups: number;
  };
}

export type SettingsSection = keyof ServerSettings;
export const SECTIONS: SettingsSection[] = ['server', 'cwmp', 'connectionRequest', 'database'];

export function defaultSettings(
  server: { port: number; host: string },
  database: ServerSettings['database']['type'],
  databasePath: string,
): ServerSettings {
  return {
    server: { port: server.port, host: server.host, corsOrigin: '', maxConnections: 100 },
    cwmp: {
      enabled: true,
      path: '/',
      authRequired: false,
      username: '',
      password: '',
      sessionTimeout: 30,
      retryAttempts: 3,
    },
    connectionRequest: {
      enabled: true,
      port: 7547,
      username: '',
      password: '',
      allowBasic: false,
      allowedNetworks: [],
    },
    database: { type: database, path: databasePath, backupEnabled: true, backupInterval: 24, maxBackups: 7 },
  };
}

/**
 * Said in the server's log at start, and whenever settings are saved, while CWMP authentication is
 * off (the default, so that a first router can connect with nothing configured).
 */
export const CWMP_AUTH_OFF_WARNING =
  'CWMP authentication is off: anyone who reaches the CWMP door can pose as any router and receive ' +
  "what is sent to it (its profile's values, such as Wi-Fi passwords, its connection-request " +
  'credentials and file URLs). Before routers connect from networks you do not control, set the ' +
  "routers' username and password and turn on authentication under Settings, CWMP/TR-069 " +
  '(cwmp.authRequired).';
