import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DeviceStatus } from '../../contract/devices';

// The statuses are the API's (spec §3 Device).
export { DEVICE_STATUSES, type DeviceStatus } from '../../contract/devices';

/**
 * One router. Identity is OUI + ProductClass + SerialNumber (cwmp-reference §5); summary columns
 * are indexed for search; the parameter tree is in `device_parameters`.
 */
export interface DevicesTable {
  id: string;
  oui: string;
  product_class: string;
  serial_number: string;
  manufacturer: Generated<string>;
  software_version: Generated<string>;
  hardware_version: Generated<string>;
  status: Generated<DeviceStatus>;
  /** ISO time of the last Inform; null for a device registered but never seen. */
  last_inform_at: string | null;
  /** JSON array of the last Inform's event codes. */
  last_events: Generated<string>;
  external_ip: Generated<string>;
  /** The address the router's last CWMP session came from ('' before its first Inform). */
  remote_address: Generated<string>;
  connection_request_url: Generated<string>;
  connection_request_username: Generated<string>;
  connection_request_password: Generated<string>;
  /** Per-device CWMP credentials; empty means the global ones of settings apply. */
  cwmp_username: Generated<string>;
  cwmp_password: Generated<string>;
  /** Seconds; 0 when unknown. */
  periodic_inform_interval: Generated<number>;
  assigned_profile_id: string | null;
  /**
   * Fingerprint of the last Inform's parameter list; after a job's write of the tree, a value of that
   * write's own (`job <uuid>`, matching no Inform); empty before the first Inform.
   */
  inform_digest: Generated<string>;
  /**
   * What the jobs module told of the device's jobs (modules/devices/status.ts JobFacts), 0 or 1:
   * pending or running jobs wait for it, one runs, the last that finished failed (migration 0013).
   */
  jobs_waiting: Generated<number>;
  jobs_running: Generated<number>;
  last_job_failed: Generated<number>;
  /**
   * The status before the jobs module last told the job facts ('' before it ever did): that
   * statement answers it, to say whether the status changed (migration 0026). Other writes of the
   * status (an Inform, the offline sweep) leave it behind: not for reading anywhere else.
   */
  previous_status: Generated<string>;
  created_at: string;
  updated_at: string;
}

export type DeviceRow = Selectable<DevicesTable>;
/**
 * What making a job for a device and waking it needs of its row (jobs_arrived, the waker's connection
 * request): a bulk call by filter reads only these columns, a chunk at a time (jobs/bulk.ts).
 */
export type DeviceContact = Pick<
  DeviceRow,
  | 'id'
  | 'serial_number'
  | 'remote_address'
  | 'connection_request_url'
  | 'connection_request_username'
  | 'connection_request_password'
>;
export type NewDeviceRow = Insertable<DevicesTable>;
export type DeviceUpdate = Updateable<DevicesTable>;

/** A device's parameter tree, one JSON document: path -> { value, type, writable? }. */
export interface DeviceParametersTable {
  device_id: string;
  parameters: string;
}

/**
 * PostgreSQL only: how many devices are in each status, kept exact by triggers on devices (migration
 * 0023): what the
 * dashboard and the list's unfiltered and status-filtered totals read. Written only by the triggers.
 */
export interface DeviceCountsTable {
  status: string;
  /** bigint: the PostgreSQL driver answers it as a string. */
  n: string | number;
}
