import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@provisor/server/contract';
import { feedEntries, jobActivityType, relativeTime } from './activity';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime (spec §2 feed)', () => {
  it('says "Just now" under a minute', () => {
    expect(relativeTime(ago(0), NOW)).toBe('Just now');
    expect(relativeTime(ago(59_999), NOW)).toBe('Just now');
  });
  it('says "Nm ago" under an hour and "Nh ago" under a day', () => {
    expect(relativeTime(ago(60_000), NOW)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60_000), NOW)).toBe('59m ago');
    expect(relativeTime(ago(3_600_000), NOW)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3_600_000 + 59 * 60_000), NOW)).toBe('23h ago');
  });
  it('gives a date from a day on', () => {
    const at = ago(24 * 3_600_000);
    expect(relativeTime(at, NOW)).toBe(new Date(at).toLocaleDateString());
  });
  it('treats a timestamp slightly in the future (clock skew) as just now', () => {
    expect(relativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toBe('Just now');
  });
});

describe('feed mapping (spec §4)', () => {
  it('shows a completed job as success, failed as error, any other as info', () => {
    expect(jobActivityType('completed')).toBe('success');
    expect(jobActivityType('failed')).toBe('error');
    expect(jobActivityType('pending')).toBe('info');
    expect(jobActivityType('in_progress')).toBe('info');
  });

  it('keeps the newest 50, newest first', () => {
    const entries: ActivityEntry[] = Array.from({ length: 60 }, (_, i): ActivityEntry => ({
      id: String(i),
      type: 'info',
      message: `entry ${i}`,
      timestamp: ago(i * 1000),
      details: null,
      deviceId: null,
    })).reverse();
    const feed = feedEntries(entries);
    expect(feed).toHaveLength(50);
    expect(feed[0]?.id).toBe('0');
    expect(feed[49]?.id).toBe('49');
  });
});
