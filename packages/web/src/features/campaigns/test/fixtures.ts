import type { Campaign, CampaignWave, DeviceGroup } from '@provisor/server/contract';

export const group = (over: Partial<DeviceGroup> = {}): DeviceGroup => ({
  id: 'grp-1',
  name: 'Zagreb ONTs',
  filter: { search: 'ZG' },
  size: 30,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const wave = (index: number, over: Partial<CampaignWave> = {}): CampaignWave => ({
  index,
  total: 10,
  pending: 10,
  upgrading: 0,
  upgraded: 0,
  failed: 0,
  startedAt: null,
  finishedAt: null,
  ...over,
});

export const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: 'cmp-1',
  name: 'Spring upgrade',
  groupId: 'grp-1',
  groupName: 'Zagreb ONTs',
  fileId: 'file-1',
  fileName: 'fw-5.0.bin',
  targetVersion: '5.0.0',
  canarySize: 3,
  waves: [50, 100],
  soakMinutes: 0,
  maxConcurrent: 10,
  failureThreshold: 5,
  deadlineMinutes: 30,
  window: null,
  state: 'running',
  reason: null,
  currentWave: 0,
  counts: { total: 30, pending: 27, upgrading: 3, upgraded: 0, failed: 0 },
  waveCounts: [
    wave(0, { total: 3, pending: 0, upgrading: 3, startedAt: '2026-01-01T00:00:00.000Z' }),
    wave(1, { total: 12, pending: 12 }),
    wave(2, { total: 15, pending: 15 }),
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:05.000Z',
  finishedAt: null,
  ...over,
});
