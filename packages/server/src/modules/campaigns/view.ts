// A campaign as the API answers it (contract/campaigns.ts): its row, and its routers counted by wave.
import type { Campaign, CampaignCounts, MaintenanceWindow } from '../../contract';
import type { CampaignRow } from '../../db/tables/campaigns';
import type { StateCounts, WaveCounts } from './repository';

export interface WaveTime {
  startedAt: string | null;
  finishedAt: string | null;
}

export const wavesOf = (row: CampaignRow) => JSON.parse(row.waves) as number[];
export const waveTimesOf = (row: CampaignRow) => JSON.parse(row.wave_times) as WaveTime[];
export const windowOf = (row: CampaignRow) =>
  row.maintenance_window === null ? null : (JSON.parse(row.maintenance_window) as MaintenanceWindow);

const withTotal = (c: StateCounts): CampaignCounts => ({
  total: c.pending + c.upgrading + c.upgraded + c.failed,
  ...c,
});

export function toApiCampaign(row: CampaignRow, byWave: WaveCounts): Campaign {
  const waves = wavesOf(row);
  const times = waveTimesOf(row);
  const sum: StateCounts = { pending: 0, upgrading: 0, upgraded: 0, failed: 0 };
  const waveCounts = Array.from({ length: waves.length + 1 }, (_, index) => {
    const c = byWave.get(index) ?? { pending: 0, upgrading: 0, upgraded: 0, failed: 0 };
    for (const k of Object.keys(sum) as (keyof StateCounts)[]) sum[k] += c[k];
    return {
      index,
      ...withTotal(c),
      startedAt: times[index]?.startedAt ?? null,
      finishedAt: times[index]?.finishedAt ?? null,
    };
  });
  return {
    id: row.id,
    name: row.name,
    groupId: row.group_id,
    groupName: row.group_name,
    fileId: row.file_id,
    fileName: row.file_name,
    targetVersion: row.target_version,
    canarySize: row.canary_size,
    waves,
    soakMinutes: row.soak_minutes,
    maxConcurrent: row.max_concurrent,
    failureThreshold: row.failure_threshold,
    deadlineMinutes: row.deadline_minutes,
    window: windowOf(row),
    state: row.state,
    reason: row.reason,
    currentWave: row.current_wave,
    counts: withTotal(sum),
    waveCounts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}
