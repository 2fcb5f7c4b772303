// How a campaign's routers are cut into waves, and when a maintenance window is open. Pure.
import type { MaintenanceWindow } from '../../contract';

/**
 * The wave of each of `count` routers in their stable order: the first `canary` are wave 0, then
 * wave i (1-based) reaches ceil(count × waves[i-1] / 100) routers in all (the shares are cumulative).
 */
export function assignWaves(count: number, canary: number, waves: readonly number[]): number[] {
  const out: number[] = [];
  const canaryEnd = Math.min(canary, count);
  for (let i = 0; i < canaryEnd; i++) out.push(0);
  waves.forEach((pct, w) => {
    const end = Math.max(canaryEnd, Math.min(count, Math.ceil((count * pct) / 100)));
    while (out.length < end) out.push(w + 1);
  });
  return out;
}

/** Whether `timeZone` is an IANA time zone this server knows (Intl). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls inside the window (an end before the start spans midnight; equal ends: all day). */
export function insideWindow(w: MaintenanceWindow | null, at: Date): boolean {
  if (!w) return true;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: w.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const now = get('hour') * 60 + get('minute');
  const start = minutesOf(w.start);
  const end = minutesOf(w.end);
  if (start === end) return true;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
