// Devices (spec §3 Device, §7 Devices): what the API answers about a router and what it takes.
// Passwords are write-only: an answer says whether one is set, never what it is.
import { OUI_PATTERN } from '@provisor/common';
import { Type, type Static } from 'typebox';
import { exactObject, nullable, pagedList, pagingProperties } from './common';

export const DEVICE_STATUSES = ['online', 'offline', 'provisioning', 'error'] as const;
export const deviceStatus = Type.Enum(DEVICE_STATUSES, { type: 'string' });
export type DeviceStatus = Static<typeof deviceStatus>;

export const deviceSchema = exactObject({
  id: Type.String(),
  serialNumber: Type.String(),
  oui: Type.String(),
  productClass: Type.String(),
  manufacturer: Type.String(),
  /** spec §3: the customer screens' name for the manufacturer. */
  vendor: Type.String(),
  /** spec §3: the customer screens' name for the product class. */
  model: Type.String(),
  softwareVersion: Type.String(),
  hardwareVersion: Type.String(),
  status: deviceStatus,
  lastInformAt: nullable(Type.String()),
  lastEvents: Type.Array(Type.String()),
  externalIp: Type.String(),
  connectionRequestUrl: Type.String(),
  connectionRequestUsername: Type.String(),
  connectionRequestPasswordSet: Type.Boolean(),
  cwmpUsername: Type.String(),
  cwmpPasswordSet: Type.Boolean(),
  periodicInformInterval: Type.Integer(),
  assignedProfileId: nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Device = Static<typeof deviceSchema>;

export const oneDevice = exactObject({ device: deviceSchema });
export type DeviceAnswer = Static<typeof oneDevice>;

/** A token naming a row's place in the device list's order; opaque to clients. */
const listCursor = Type.String({ minLength: 1, maxLength: 1024 });

/**
 * A page of devices. Beside `total` (exact) it carries the cursors of its first and last rows:
 * `prevCursor` for `before=` (the page before it), `nextCursor` for `after=` (the page after it),
 * each null when no row lies on that side. `offset` is the one asked for (0 when paging by cursor).
 */
export const deviceList = exactObject({
  ...pagedList('devices', deviceSchema).properties,
  nextCursor: nullable(listCursor),
  prevCursor: nullable(listCursor),
});
export type DeviceList = Static<typeof deviceList>;

export const listDevicesQuery = Type.Object(
  {
    status: Type.Optional(deviceStatus),
    search: Type.Optional(Type.String({ maxLength: 128 })),
    ...pagingProperties(100),
    /**
     * Keyset paging (issue 24): the page after (or before) the row of this cursor, a `nextCursor` or
     * `prevCursor` of an earlier answer, with the same search and status. Reads only the page's rows,
     * however deep: at a million devices a deep `offset` walks every row it skips. Not with an offset.
     */
    after: Type.Optional(listCursor),
    before: Type.Optional(listCursor),
  },
  { additionalProperties: false },
);
export type ListDevicesQuery = Static<typeof listDevicesQuery>;

/**
 * A set of devices named by the device list's own search and status (GET /api/devices): the bulk
 * calls take it instead of ids, and the server resolves it with the list's query, so "all N matching"
 * and the list agree exactly.
 */
export const deviceFilter = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 128 })),
    status: Type.Optional(deviceStatus),
  },
  { additionalProperties: false },
);
export type DeviceFilter = Static<typeof deviceFilter>;

export const registerDeviceBody = Type.Object(
  {
    serialNumber: Type.String({ minLength: 1, maxLength: 64 }),
    oui: Type.String({ pattern: OUI_PATTERN }),
    productClass: Type.String({ minLength: 1, maxLength: 64 }),
    connectionRequestUrl: Type.String({ minLength: 1, maxLength: 512 }),
    connectionRequestUsername: Type.Optional(Type.String({ maxLength: 256 })),
    connectionRequestPassword: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type RegisterDeviceInput = Static<typeof registerDeviceBody>;

export const updateDeviceBody = Type.Object(
  {
    connectionRequestUrl: Type.Optional(Type.String({ maxLength: 512 })),
    connectionRequestUsername: Type.Optional(Type.String({ maxLength: 256 })),
    connectionRequestPassword: Type.Optional(Type.String({ maxLength: 256 })),
    cwmpUsername: Type.Optional(Type.String({ maxLength: 256 })),
    cwmpPassword: Type.Optional(Type.String({ maxLength: 256 })),
    assignedProfileId: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
  },
  { additionalProperties: false },
);
export type DeviceEdit = Static<typeof updateDeviceBody>;

export const deviceParameter = exactObject({
  name: Type.String(),
  value: Type.String(),
  /** The stored xsd type, e.g. "string", "unsignedInt" (sent back unchanged on a write). */
  type: Type.String(),
  writable: Type.Optional(Type.Boolean()),
});
export type DeviceParameter = Static<typeof deviceParameter>;

export const parametersQuery = Type.Object(
  { prefix: Type.Optional(Type.String({ maxLength: 256 })) },
  { additionalProperties: false },
);
export const parameterList = exactObject({ parameters: Type.Array(deviceParameter) });
export type DeviceParameterList = Static<typeof parameterList>;

/** How a connection request ended (cwmp/connection-request.ts), or `disabled` in the settings. */
export const CONNECTION_OUTCOMES = [
  'reachable',
  'auth-failed',
  'refused',
  'timeout',
  'unavailable',
  'rate-limited',
  'no-url',
  'blocked',
  'error',
] as const;
export type ConnectionOutcome = (typeof CONNECTION_OUTCOMES)[number];

export const connectionTestResult = exactObject({
  success: Type.Boolean(),
  outcome: Type.Enum([...CONNECTION_OUTCOMES, 'disabled'], { type: 'string' }),
  /** HTTP status of the device's last answer, when there was one. */
  status: Type.Optional(Type.Integer()),
  durationMs: Type.Integer(),
  message: Type.String(),
});
export type ConnectionTestResult = Static<typeof connectionTestResult>;
