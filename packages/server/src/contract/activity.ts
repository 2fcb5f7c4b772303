// The Dashboard's history (issue 18): the persisted activity log (spec §3 "Activity entry"), the
// server's recent performance samples (the same fields as the live performance_update), and the
// device counts of about 24 hours ago for the stat cards' trends.
import { Type, type Static } from 'typebox';
import { exactObject, nullable } from './common';
import { livePayloads } from './live';
import { deviceStats } from './stats';

export const activityType = Type.Enum(['success', 'error', 'info', 'warning', 'device', 'job'], {
  type: 'string',
});
export type ActivityType = Static<typeof activityType>;

/** spec §3: id, type, message, timestamp, details, deviceId. */
export const activityEntry = exactObject({
  id: Type.String(),
  type: activityType,
  message: Type.String(),
  /** ISO 8601. */
  timestamp: Type.String(),
  /** What else is known (a job's id and type, a fault code, an address); null when nothing. */
  details: nullable(Type.Record(Type.String(), Type.Unknown())),
  deviceId: nullable(Type.String()),
});
export type ActivityEntry = Static<typeof activityEntry>;

/** GET /api/activity: newest first; `before` pages back (an entry id from the last page). */
export const activityQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
    before: Type.Optional(Type.String({ maxLength: 64 })),
    type: Type.Optional(activityType),
    deviceId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ActivityQuery = Static<typeof activityQuery>;

export const activityPage = exactObject({
  entries: Type.Array(activityEntry),
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextBefore: nullable(Type.String()),
});
export type ActivityPage = Static<typeof activityPage>;

/** One sample of the server's load: the live performance_update's fields, and when. */
export const performanceSample = exactObject({
  timestamp: Type.String(),
  ...livePayloads.performance_update.properties,
});
export type PerformanceSample = Static<typeof performanceSample>;

/** GET /api/stats/performance: the most recent samples, oldest first (at most 20, spec §9). */
export const performanceHistory = exactObject({
  intervalSeconds: Type.Integer(),
  samples: Type.Array(performanceSample),
});
export type PerformanceHistory = Static<typeof performanceHistory>;

/**
 * GET /api/stats/trend: the counts as they were about 24 hours ago (the nearest stored snapshot at
 * least 23 hours old), for the stat cards' trends; null until the server has one that old.
 */
export const statsTrend = exactObject({
  since: nullable(Type.String()),
  stats: nullable(deviceStats),
});
export type StatsTrend = Static<typeof statsTrend>;
