// Dashboard counts (spec §3 Device stats): GET /api/stats and the live stats_update.
import { Type, type Static } from 'typebox';
import { exactObject } from './common';

export const deviceStats = exactObject({
  totalDevices: Type.Integer(),
  onlineDevices: Type.Integer(),
  provisioningDevices: Type.Integer(),
  errorDevices: Type.Integer(),
  pendingJobs: Type.Integer(),
  completedJobs: Type.Integer(),
  failedJobs: Type.Integer(),
});
export type DeviceStats = Static<typeof deviceStats>;
