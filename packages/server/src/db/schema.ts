import type { ApiTokensTable } from './tables/api-tokens';
import type { AuditLogTable } from './tables/audit-log';
import type { ActivityTable, StatsSnapshotsTable } from './tables/activity';
import type { BulkOperationsTable } from './tables/bulk-operations';
import type { ClusterProcessesTable, ConnectionRequestSlotsTable } from './tables/cluster';
import type { CampaignDevicesTable, CampaignsTable, DeviceGroupsTable } from './tables/campaigns';
import type { DeviceCountsTable, DeviceParametersTable, DevicesTable } from './tables/devices';
import type { FilesTable } from './tables/files';
import type { JobCountsTable, JobsTable } from './tables/jobs';
import type { LoginAccountFailuresTable } from './tables/login-account-failures';
import type { LoginAddressFailuresTable } from './tables/login-address-failures';
import type { LoginKnownAddressesTable } from './tables/login-known-addresses';
import type { MetaTable } from './tables/meta';
import type { ProfileVersionsTable } from './tables/profile-versions';
import type { ProfilesTable } from './tables/profiles';
import type { RevokedTokensTable } from './tables/revoked-tokens';
import type { SettingsTable } from './tables/settings';
import type { TemplatesTable } from './tables/templates';
import type { UsersTable } from './tables/users';

/** Every table, as Kysely sees it. Times are ISO-8601 UTC text in both dialects (sortable). */
export interface Database {
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  login_address_failures: LoginAddressFailuresTable;
  login_account_failures: LoginAccountFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  meta: MetaTable;
  devices: DevicesTable;
  device_counts: DeviceCountsTable;
  device_parameters: DeviceParametersTable;
  settings: SettingsTable;
  jobs: JobsTable;
  job_counts: JobCountsTable;
  bulk_operations: BulkOperationsTable;
  files: FilesTable;
  templates: TemplatesTable;
  profiles: ProfilesTable;
  profile_versions: ProfileVersionsTable;
  activity: ActivityTable;
  stats_snapshots: StatsSnapshotsTable;
  device_groups: DeviceGroupsTable;
  campaigns: CampaignsTable;
  campaign_devices: CampaignDevicesTable;
  cluster_processes: ClusterProcessesTable;
  connection_request_slots: ConnectionRequestSlotsTable;
  api_tokens: ApiTokensTable;
  audit_log: AuditLogTable;
}
