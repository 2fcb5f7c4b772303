import { describe, expect, it } from 'vitest';
import { campaign } from '../test/fixtures';
import { campaignActions, chartPoints, progressPercent, waveLabel } from './progress';

describe('campaign progress', () => {
  it('gives whole percentages of the total, never past 100 together', () => {
    expect(progressPercent({ total: 30, upgraded: 10, failed: 1 })).toEqual({ upgraded: 33, failed: 3 });
    expect(progressPercent({ total: 0, upgraded: 0, failed: 0 })).toEqual({ upgraded: 0, failed: 0 });
    expect(progressPercent({ total: 3, upgraded: 2, failed: 1 })).toEqual({ upgraded: 66, failed: 33 });
    expect(progressPercent({ total: 30, upgraded: 30, failed: 0 })).toEqual({ upgraded: 100, failed: 0 });
  });

  it('names the canary and numbers the waves after it', () => {
    expect([0, 1, 2].map(waveLabel)).toEqual(['Canary', 'Wave 1', 'Wave 2']);
  });

  it('offers the actions a state takes', () => {
    expect(campaignActions(campaign({ state: 'running' }))).toEqual({
      pause: true,
      resume: false,
      cancel: true,
      retryFailed: false,
    });
    const halted = campaign({ state: 'halted', counts: { ...campaign().counts, failed: 2 } });
    expect(campaignActions(halted)).toEqual({ pause: false, resume: true, cancel: true, retryFailed: true });
    expect(campaignActions(campaign({ state: 'completed' }))).toMatchObject({ pause: false, cancel: false });
    expect(campaignActions(campaign({ state: 'cancelled' }))).toMatchObject({ resume: false, cancel: false });
  });

  it("charts the server's points, then the live counts when they moved", () => {
    const points = [
      { timestamp: '2026-01-01T00:00:00.000Z', upgraded: 0, failed: 0 },
      { timestamp: '2026-01-01T00:00:02.000Z', upgraded: 2, failed: 0 },
    ];
    const live = campaign({
      counts: { ...campaign().counts, upgraded: 3, failed: 1 },
      updatedAt: '2026-01-01T00:00:05.000Z',
    });
    expect(chartPoints(points, live).map(({ upgraded, failed }) => [upgraded, failed])).toEqual([
      [0, 0],
      [2, 0],
      [3, 1],
    ]);
    const unchanged = campaign({ counts: { ...campaign().counts, upgraded: 2, failed: 0 } });
    expect(chartPoints(points, unchanged)).toHaveLength(2);
    expect(chartPoints([], undefined)).toEqual([]);
  });
});
