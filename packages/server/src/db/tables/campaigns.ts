import type { Insertable, Selectable } from 'kysely';

/** A saved device group (migration 0020): a filter, counted when asked. */
export interface DeviceGroupsTable {
  id: string;
  name: string;
  /** JSON: contract groupFilter. */
  filter: string;
  created_at: string;
  updated_at: string;
}

export type CampaignStateColumn =
  'running' | 'waiting' | 'soaking' | 'paused' | 'halted' | 'cancelled' | 'completed';

/** A firmware campaign (migration 0020); its routers are in campaign_devices. */
export interface CampaignsTable {
  id: string;
  name: string;
  group_id: string;
  /** The group's name when the campaign was created (the group may be renamed or deleted since). */
  group_name: string;
  file_id: string;
  file_name: string;
  target_version: string;
  canary_size: number;
  /** JSON array of cumulative percentages. */
  waves: string;
  soak_minutes: number;
  max_concurrent: number;
  failure_threshold: number;
  deadline_minutes: number;
  /** JSON maintenance window, or null. */
  maintenance_window: string | null;
  state: CampaignStateColumn;
  reason: string | null;
  current_wave: number;
  /** JSON array, per wave (0 = canary): {startedAt, finishedAt}. */
  wave_times: string;
  soak_until: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type CampaignDeviceState = 'pending' | 'upgrading' | 'upgraded' | 'failed';

/** One router of a campaign: its wave, where it stands and the job that upgrades it. */
export interface CampaignDevicesTable {
  campaign_id: string;
  device_id: string;
  position: number;
  wave: number;
  state: CampaignDeviceState;
  reason: string | null;
  job_id: string | null;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export type DeviceGroupRow = Selectable<DeviceGroupsTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaignRow = Insertable<CampaignsTable>;
export type CampaignDeviceRow = Selectable<CampaignDevicesTable>;
