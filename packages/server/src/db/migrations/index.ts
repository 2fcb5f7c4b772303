// Migrations are listed by hand, in order, so the set is the same on every dialect and in every build.
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-devices-settings';
import * as m0003 from './0003-jobs';
import * as m0004 from './0004-files';
import * as m0005 from './0005-templates-profiles';
import * as m0006 from './0006-device-list-indexes';
import * as m0007 from './0007-device-search-index';
import * as m0008 from './0008-device-parameters';
import * as m0009 from './0009-inform-updates-unindexed';
import * as m0010 from './0010-device-search-lower';
import * as m0011 from './0011-device-remote-address';
import * as m0012 from './0012-login-throttle';
import * as m0013 from './0013-device-job-facts';
import * as m0015 from './0015-job-wait-until';
import * as m0016 from './0016-bulk-operations';
import * as m0017 from './0017-profile-serial-match';
import * as m0018 from './0018-profile-customer-indexes';
import * as m0019 from './0019-activity-and-snapshots';
import * as m0020 from './0020-groups-and-campaigns';
import * as m0021 from './0021-cluster';
import * as m0022 from './0022-users-roles-tokens-audit';
import * as m0023 from './0023-device-counts';
import * as m0025 from './0025-job-counts';
import * as m0026 from './0026-device-previous-status';
import * as m0027 from './0027-unused-indexes';
import * as m0028 from './0028-sqlite-device-counts';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-devices-settings': m0002,
  '0003-jobs': m0003,
  '0004-files': m0004,
  '0005-templates-profiles': m0005,
  '0006-device-list-indexes': m0006,
  '0007-device-search-index': m0007,
  '0008-device-parameters': m0008,
  '0009-inform-updates-unindexed': m0009,
  '0010-device-search-lower': m0010,
  '0011-device-remote-address': m0011,
  '0012-login-throttle': m0012,
  '0013-device-job-facts': m0013,
  '0015-job-wait-until': m0015,
  '0016-bulk-operations': m0016,
  '0017-profile-serial-match': m0017,
  '0018-profile-customer-indexes': m0018,
  '0019-activity-and-snapshots': m0019,
  '0020-groups-and-campaigns': m0020,
  '0021-cluster': m0021,
  '0022-users-roles-tokens-audit': m0022,
  '0023-device-counts': m0023,
  '0025-job-counts': m0025,
  '0026-device-previous-status': m0026,
  '0027-unused-indexes': m0027,
  '0028-sqlite-device-counts': m0028,
};
