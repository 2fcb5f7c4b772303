// What the Profiles screen derives from a profile, and its client-side paging (spec §2, §9).
import type { Profile } from '@provisor/server/contract';

/** spec §9: 20 profiles a page; a window of 7 page buttons. */
export const PROFILES_PAGE_SIZE = 20;
export const PAGE_WINDOW = 7;
/** spec §9: the customer router SSID prefix. */
export const GT_PREFIX = 'GT_';
/** How many rendered parameters a row lists before "... and N more parameters". */
export const PARAMS_PREVIEW = 3;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

export const ssidOf = (profile: Profile): string | undefined => text(profile.values.wifi_ssid);

/** spec §3 Profile: the serial sits under device_serial_number or serialNumber. */
export const serialOf = (profile: Profile): string | undefined =>
  text(profile.values.device_serial_number) ?? text(profile.values.serialNumber);

/** spec §2 Profiles: wifi_ssid starts with GT_. */
export const isGtProfile = (profile: Profile): boolean => ssidOf(profile)?.startsWith(GT_PREFIX) ?? false;

/** spec §2: the copy's name gets the suffix " (Copy)". */
export const copyName = (name: string): string => `${name} (Copy)`;

export type PageItem = number | 'start-gap' | 'end-gap';

/**
 * The page buttons: a window of up to 7 pages around the current one, plus the first and the last
 * page with an ellipsis wherever pages are skipped.
 */
export function pageItems(current: number, pageCount: number, window = PAGE_WINDOW): PageItem[] {
  if (pageCount <= 0) return [];
  const half = Math.floor(window / 2);
  const start = Math.max(1, Math.min(current - half, pageCount - window + 1));
  const end = Math.min(pageCount, start + window - 1);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push('start-gap');
  }
  for (let page = start; page <= end; page++) items.push(page);
  if (end < pageCount) {
    if (end < pageCount - 1) items.push('end-gap');
    items.push(pageCount);
  }
  return items;
}
