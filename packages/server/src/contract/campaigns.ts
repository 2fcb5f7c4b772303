// Firmware campaigns (issue 21): saved device groups, and campaigns that upgrade a group in waves,
// stop by themselves on trouble and show where they stand. Beyond the spec, on the job engine.
import { Type, type Static } from 'typebox';
import { exactObject, nullable } from './common';
import { deviceStatus } from './devices';

/**
 * A group's filter: every field optional, all given must match. `search` and `status` as the device
 * list's (a case-insensitive substring of serial, product class or OUI; one status); the others
 * exact: `oui`, `productClass`, `softwareVersion`, and `profileId` (the assigned profile).
 */
export const groupFilter = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 128 })),
    status: Type.Optional(deviceStatus),
    oui: Type.Optional(Type.String({ maxLength: 6 })),
    productClass: Type.Optional(Type.String({ maxLength: 64 })),
    softwareVersion: Type.Optional(Type.String({ maxLength: 64 })),
    profileId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type GroupFilter = Static<typeof groupFilter>;

export const groupBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), filter: groupFilter },
  { additionalProperties: false },
);
export type GroupInput = Static<typeof groupBody>;

/** A saved group; `size` is counted when answered (GET /api/groups, /api/groups/:id). */
export const deviceGroup = exactObject({
  id: Type.String(),
  name: Type.String(),
  filter: groupFilter,
  size: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type DeviceGroup = Static<typeof deviceGroup>;
export const deviceGroupList = exactObject({ groups: Type.Array(deviceGroup) });
export const oneGroup = exactObject({ group: deviceGroup });

/** POST /api/groups/preview {filter}: how many devices match, and their software versions. */
export const groupPreview = exactObject({
  size: Type.Integer(),
  /** Versions among the matching devices, most common first (at most 20). */
  versions: Type.Array(exactObject({ softwareVersion: Type.String(), count: Type.Integer() })),
});
export type GroupPreview = Static<typeof groupPreview>;

/** Times of day in a time zone outside which no upgrade starts (an end before the start spans midnight). */
export const maintenanceWindow = Type.Object(
  {
    start: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    end: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    /** IANA name, e.g. Europe/Zagreb. */
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type MaintenanceWindow = Static<typeof maintenanceWindow>;

/** POST /api/campaigns: created and started at once (state running, or waiting for its window). */
export const campaignBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    groupId: Type.String({ minLength: 1, maxLength: 64 }),
    /** A firmware file in the store (kind firmware). */
    fileId: Type.String({ minLength: 1, maxLength: 64 }),
    /** The software version an upgraded router must report. */
    targetVersion: Type.String({ minLength: 1, maxLength: 64 }),
    /** Routers in the canary wave. */
    canarySize: Type.Integer({ minimum: 1, maximum: 100_000 }),
    /** The waves after the canary, each the cumulative share of the group reached (e.g. [10, 50, 100]). */
    waves: Type.Array(Type.Integer({ minimum: 1, maximum: 100 }), { minItems: 1, maxItems: 20 }),
    /** Minutes between one wave finishing and the next starting. */
    soakMinutes: Type.Integer({ minimum: 0, maximum: 10_080 }),
    /** Most routers downloading at once. */
    maxConcurrent: Type.Integer({ minimum: 1, maximum: 10_000 }),
    /** Failure rate (percent) of a wave above which the campaign halts; default 5. */
    failureThreshold: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    /** Minutes a router has to come back on the new version; default 30. */
    deadlineMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
    window: Type.Optional(nullable(maintenanceWindow)),
  },
  { additionalProperties: false },
);
export type CampaignInput = Static<typeof campaignBody>;

export const campaignState = Type.Enum(
  ['running', 'waiting', 'soaking', 'paused', 'halted', 'cancelled', 'completed'],
  { type: 'string' },
);
export type CampaignState = Static<typeof campaignState>;

/** Routers of a campaign or of one wave, by where they stand. */
export const campaignCounts = exactObject({
  total: Type.Integer(),
  /** Not started yet (their wave has not come, or they were offline when it came). */
  pending: Type.Integer(),
  /** Download sent, not yet back on the target version. */
  upgrading: Type.Integer(),
  upgraded: Type.Integer(),
  failed: Type.Integer(),
});
export type CampaignCounts = Static<typeof campaignCounts>;

export const campaignWave = exactObject({
  /** 0 is the canary. */
  index: Type.Integer(),
  ...campaignCounts.properties,
  startedAt: nullable(Type.String()),
  finishedAt: nullable(Type.String()),
});
export type CampaignWave = Static<typeof campaignWave>;

export const campaign = exactObject({
  id: Type.String(),
  name: Type.String(),
  groupId: Type.String(),
  groupName: Type.String(),
  fileId: Type.String(),
  fileName: Type.String(),
  targetVersion: Type.String(),
  canarySize: Type.Integer(),
  waves: Type.Array(Type.Integer()),
  soakMinutes: Type.Integer(),
  maxConcurrent: Type.Integer(),
  failureThreshold: Type.Number(),
  deadlineMinutes: Type.Integer(),
  window: nullable(maintenanceWindow),
  state: campaignState,
  /** Why it halted (or was cancelled), in words an operator can act on; null otherwise. */
  reason: nullable(Type.String()),
  /** The wave running or last run (0 = canary). */
  currentWave: Type.Integer(),
  counts: campaignCounts,
  waveCounts: Type.Array(campaignWave),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  finishedAt: nullable(Type.String()),
});
export type Campaign = Static<typeof campaign>;
export const campaignList = exactObject({ campaigns: Type.Array(campaign) });
export const oneCampaign = exactObject({ campaign });

export const campaignDeviceState = Type.Enum(['pending', 'upgrading', 'upgraded', 'failed'], {
  type: 'string',
});
/** GET /api/campaigns/:id/devices?state=&limit=&offset=: a campaign's routers. */
export const campaignDevice = exactObject({
  deviceId: Type.String(),
  serialNumber: Type.String(),
  wave: Type.Integer(),
  state: campaignDeviceState,
  /** Why it failed (the Download's fault, TransferComplete's fault, not back in time, old version). */
  reason: nullable(Type.String()),
  /** The version it reported last. */
  softwareVersion: Type.String(),
  updatedAt: Type.String(),
});
export type CampaignDevice = Static<typeof campaignDevice>;
export const campaignDeviceList = exactObject({
  devices: Type.Array(campaignDevice),
  total: Type.Integer(),
});

/** GET /api/campaigns/:id/progress: upgraded and failed over time, for the chart (at most 200 points). */
export const campaignProgress = exactObject({
  points: Type.Array(
    exactObject({ timestamp: Type.String(), upgraded: Type.Integer(), failed: Type.Integer() }),
  ),
});
export type CampaignProgress = Static<typeof campaignProgress>;
