/** A running Provisor process (modules/cluster): one that stops beating past the lease is dead. */
export interface ClusterProcessesTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  heartbeat_at: string;
}

/** When a device was last sent a connection request, by any process (the per-device interval). */
export interface ConnectionRequestSlotsTable {
  device_id: string;
  sent_at: string;
}
