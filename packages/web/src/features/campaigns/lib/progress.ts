// How far a campaign or a wave has come, for the list's bar, the wave table and the chart.
import type { Campaign, CampaignCounts, CampaignProgress, CampaignState } from '@provisor/server/contract';

/** Whole percentages of `total` upgraded and failed (0 for an empty campaign). */
export function progressPercent(counts: Pick<CampaignCounts, 'total' | 'upgraded' | 'failed'>): {
  upgraded: number;
  failed: number;
} {
  if (counts.total <= 0) return { upgraded: 0, failed: 0 };
  const upgraded = Math.floor((counts.upgraded / counts.total) * 100);
  const failed = Math.floor((counts.failed / counts.total) * 100);
  return { upgraded, failed: Math.min(failed, 100 - upgraded) };
}

/** 0 is the canary; the next waves are numbered from 1. */
export const waveLabel = (index: number): string => (index === 0 ? 'Canary' : `Wave ${index}`);

export const STATE_LABELS: Record<CampaignState, string> = {
  running: 'Running',
  waiting: 'Waiting for window',
  soaking: 'Soaking',
  paused: 'Paused',
  halted: 'Halted',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

const ENDED: readonly CampaignState[] = ['cancelled', 'completed'];

/** Which actions a campaign in this state takes (the server has the last word). */
export function campaignActions(campaign: Pick<Campaign, 'state' | 'counts'>) {
  const { state } = campaign;
  return {
    pause: state === 'running' || state === 'waiting' || state === 'soaking',
    resume: state === 'paused' || state === 'halted',
    cancel: !ENDED.includes(state),
    retryFailed: state !== 'cancelled' && campaign.counts.failed > 0,
  };
}

export interface ChartPoint {
  time: number;
  label: string;
  upgraded: number;
  failed: number;
}

/**
 * The chart's points: the server's progress, then the campaign's current counts (kept live by
 * campaign_update) when they are newer than its last point, so the line moves before the refetch.
 */
export function chartPoints(
  progress: CampaignProgress['points'],
  current?: Pick<Campaign, 'counts' | 'updatedAt'>,
): ChartPoint[] {
  const points = progress
    .map((p) => ({ time: Date.parse(p.timestamp), upgraded: p.upgraded, failed: p.failed }))
    .filter((p) => !Number.isNaN(p.time));
  if (current) {
    const time = Date.parse(current.updatedAt);
    const last = points.at(-1);
    const moved = !last || last.upgraded !== current.counts.upgraded || last.failed !== current.counts.failed;
    if (!Number.isNaN(time) && moved && (!last || time >= last.time))
      points.push({ time, upgraded: current.counts.upgraded, failed: current.counts.failed });
  }
  return points.map((p) => ({ ...p, label: new Date(p.time).toLocaleTimeString() }));
}
