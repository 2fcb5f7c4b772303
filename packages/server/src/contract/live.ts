// The live channel `/ws` (spec §3 "Live message"): JSON `{type, timestamp, payload}`, one payload
// shape per type. The server's event bus (modules/live/event-bus.ts) publishes exactly these.
import { Type, type Static } from 'typebox';
import { exactObject, nullable } from './common';
import { deviceStatus } from './devices';
import { bulkOperation, jobStatus, jobType } from './jobs';
import { campaign } from './campaigns';
import { deviceStats } from './stats';

export const livePayloads = {
  performance_update: exactObject({
    cpuUsage: Type.Number(),
    memoryUsage: Type.Number(),
    activeConnections: Type.Integer(),
    requestsPerSecond: Type.Number(),
  }),
  device_status_update: exactObject({
    serialNumber: Type.String(),
    status: deviceStatus,
    deviceId: Type.String(),
    productClass: Type.String(),
    oui: Type.String(),
  }),
  job_update: exactObject({
    id: Type.String(),
    type: jobType,
    status: jobStatus,
    deviceId: Type.String(),
    error: nullable(Type.String()),
    /** The bulk operation the job belongs to, if any. */
    operationId: Type.Optional(nullable(Type.String())),
  }),
  /**
   * A bulk operation's counts changed: at most once a second per operation, the last state always
   * sent (modules/jobs/operations.ts).
   */
  bulk_operation_update: bulkOperation,
  system_alert: exactObject({
    level: Type.Enum(['info', 'warning', 'error'], { type: 'string' }),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  }),
  connection_event: exactObject({
    connected: Type.Boolean(),
    deviceId: Type.String(),
    ipAddress: Type.String(),
  }),
  stats_update: deviceStats,
  /** A campaign's state or counts changed: at most once a second per campaign, the last state always sent. */
  campaign_update: campaign,
};

/** Each live message type and its payload. */
export type LiveEvents = { [T in keyof typeof livePayloads]: Static<(typeof livePayloads)[T]> };
export type LiveEventType = keyof LiveEvents;

/** One message of the live channel: of the type given, else of any type (a union keyed by `type`). */
export type LiveMessage<T extends LiveEventType = LiveEventType> = {
  [K in T]: { type: K; timestamp: string; payload: LiveEvents[K] };
}[T];
