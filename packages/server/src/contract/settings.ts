// Settings (spec §3 Settings): the server, cwmp, connectionRequest and database sections. Passwords
// are write-only: a save may carry one, an answer says only whether one is set.
import { Type, type Static } from 'typebox';
import { exactObject } from './common';

const str = (maxLength = 256) => Type.String({ maxLength });

/** A save: any part of any section (what is left out stays as it is). */
export const settingsBody = Type.Object(
  {
    server: Type.Optional(
      Type.Object(
        {
          port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
          host: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
          corsOrigin: Type.Optional(str()),
          maxConnections: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    cwmp: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          path: Type.Optional(Type.String({ pattern: '^/[A-Za-z0-9._~/-]*$', maxLength: 128 })),
          authRequired: Type.Optional(Type.Boolean()),
          username: Type.Optional(str()),
          password: Type.Optional(str()),
          sessionTimeout: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600 })),
          retryAttempts: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
    connectionRequest: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
          username: Type.Optional(str()),
          password: Type.Optional(str()),
          allowBasic: Type.Optional(Type.Boolean()),
          allowedNetworks: Type.Optional(Type.Array(str(64), { maxItems: 256 })),
        },
        { additionalProperties: false },
      ),
    ),
    database: Type.Optional(
      Type.Object(
        {
          type: Type.Optional(Type.Enum(['sqlite', 'postgres'], { type: 'string' })),
          path: Type.Optional(str(1024)),
          backupEnabled: Type.Optional(Type.Boolean()),
          backupInterval: Type.Optional(Type.Integer({ minimum: 1, maximum: 8760 })),
          maxBackups: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SettingsInput = Static<typeof settingsBody>;

export const settingsSchema = exactObject({
  server: exactObject({
    port: Type.Integer(),
    host: Type.String(),
    corsOrigin: Type.String(),
    maxConnections: Type.Integer(),
  }),
  cwmp: exactObject({
    enabled: Type.Boolean(),
    path: Type.String(),
    authRequired: Type.Boolean(),
    username: Type.String(),
    sessionTimeout: Type.Integer(),
    retryAttempts: Type.Integer(),
    passwordSet: Type.Boolean(),
  }),
  connectionRequest: exactObject({
    enabled: Type.Boolean(),
    port: Type.Integer(),
    username: Type.String(),
    allowBasic: Type.Boolean(),
    allowedNetworks: Type.Array(Type.String()),
    passwordSet: Type.Boolean(),
  }),
  database: exactObject({
    type: Type.Enum(['sqlite', 'postgres'], { type: 'string' }),
    path: Type.String(),
    backupEnabled: Type.Boolean(),
    backupInterval: Type.Integer(),
    maxBackups: Type.Integer(),
  }),
});
export type Settings = Static<typeof settingsSchema>;

/** The answer of a save: whether the change needs a restart, and the settings as they now are. */
export const savedSettings = exactObject({ requiresRestart: Type.Boolean(), settings: settingsSchema });
export type SavedSettings = Static<typeof savedSettings>;

export const settingsTestBody = Type.Object({
  type: Type.Enum(['database', 'cwmp', 'connectionRequest'], { type: 'string' }),
  /** connectionRequest: the device to send a connection request to, by its id or its serial number. */
  deviceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type SettingsTestInput = Static<typeof settingsTestBody>;

export const settingsTestResult = exactObject({ success: Type.Boolean(), message: Type.String() });
export type SettingsTestResult = Static<typeof settingsTestResult>;

/** GET /api/settings/backups: the SQLite database's scheduled backups, newest first. */
export const backupList = exactObject({
  /** Whether backups can run here (SQLite only: PostgreSQL is backed up with its own tools). */
  available: Type.Boolean(),
  directory: Type.String(),
  backups: Type.Array(
    exactObject({ name: Type.String(), sizeBytes: Type.Integer(), createdAt: Type.String() }),
  ),
});
export type BackupList = Static<typeof backupList>;
