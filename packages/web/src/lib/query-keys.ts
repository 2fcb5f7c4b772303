// Query keys, one section per feature. Features build their keys from here so that cache
// invalidation (mutations, live messages) reuses the exact key prefixes (bulletproof-react).
import type { QueryParams } from './http-client';

export const queryKeys = {
  /** GET /api/auth/me: who is signed in and their role (issue 22); per token, so a new sign-in asks again. */
  me: {
    all: ['me'] as const,
    of: (token: string | null) => ['me', token] as const,
  },
  // Issue 22: the Settings screen's Users and API tokens tabs, and the Audit Log.
  users: { all: ['users'] as const },
  tokens: { all: ['tokens'] as const },
  audit: {
    all: ['audit'] as const,
    list: (params: QueryParams = {}) => ['audit', 'list', params] as const,
  },
  devices: {
    all: ['devices'] as const,
    list: (params: QueryParams = {}) => ['devices', 'list', params] as const,
    detail: (id: string) => ['devices', 'detail', id] as const,
    parameters: (id: string) => ['devices', 'detail', id, 'parameters'] as const,
    files: (id: string) => ['devices', 'detail', id, 'files'] as const,
    // Under ['jobs'], not ['devices']: job_update (spec §4) must refresh a device's job history.
    jobs: (id: string) => ['jobs', 'device', id] as const,
    unassigned: () => ['devices', 'unassigned'] as const,
  },
  stats: {
    all: ['stats'] as const,
    /** GET /api/stats: the Dashboard's cards and the Devices screen's summary counts. */
    counts: () => ['stats', 'counts'] as const,
    provisioning: () => ['stats', 'provisioning'] as const,
  },
  jobs: {
    all: ['jobs'] as const,
    list: (params: QueryParams = {}) => ['jobs', 'list', params] as const,
    // Under ['jobs']: a job_update moves its bulk operation's counts too.
    operations: ['jobs', 'operations'] as const,
    operationList: (params: QueryParams = {}) => ['jobs', 'operations', 'list', params] as const,
  },
  // Outside ['devices'] on purpose: a serial never changes, so status updates need not refetch it.
  deviceSerials: {
    one: (id: string) => ['device-serials', 'id', id] as const,
    bySerial: (serial: string) => ['device-serials', 'serial', serial] as const,
  },
  files: {
    all: ['files'] as const,
    list: (params: QueryParams = {}) => ['files', 'list', params] as const,
  },
  templates: {
    all: ['templates'] as const,
    list: (params: QueryParams = {}) => ['templates', 'list', params] as const,
    detail: (id: string) => ['templates', 'detail', id] as const,
  },
  profiles: {
    all: ['profiles'] as const,
    list: (params: QueryParams = {}) => ['profiles', 'list', params] as const,
    detail: (id: string) => ['profiles', 'detail', id] as const,
    versions: (id: string) => ['profiles', 'detail', id, 'versions'] as const,
    byTemplate: (templateId: string) => ['profiles', 'by-template', templateId] as const,
  },
  settings: {
    all: ['settings'] as const,
    backups: () => ['settings', 'backups'] as const,
  },
  // The Dashboard's history (issue 18). Outside ['stats']: a stats_update must not refetch them.
  activity: {
    all: ['activity'] as const,
    list: (limit: number) => ['activity', 'list', limit] as const,
  },
  performance: {
    history: () => ['performance', 'history'] as const,
  },
  statsTrend: () => ['stats-trend'] as const,
  // Firmware campaigns (issue 21). A campaign_update replaces `detail` and the list's entry from its
  // payload and refetches `devices` and `progress` (coalesced).
  campaigns: {
    all: ['campaigns'] as const,
    list: () => ['campaigns', 'list'] as const,
    detail: (id: string) => ['campaigns', 'detail', id] as const,
    devices: (id: string, params: QueryParams = {}) =>
      ['campaigns', 'detail', id, 'devices', params] as const,
    devicesOf: (id: string) => ['campaigns', 'detail', id, 'devices'] as const,
    progress: (id: string) => ['campaigns', 'detail', id, 'progress'] as const,
  },
  // Device groups: their sizes move with the fleet, so device_status_update refetches them.
  groups: {
    all: ['groups'] as const,
    list: () => ['groups', 'list'] as const,
    preview: (filter: object) => ['groups', 'preview', filter] as const,
  },
} as const;
