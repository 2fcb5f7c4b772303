// The customer import's results file (Customer Routers "Download Results CSV", Bulk Operations
// "Download Results"), downloaded by clicking `button` and read back: its header checked, its
// records returned as arrays of fields in the header's order.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { readCsv } from '@provisor/common';
import { expect } from './fixtures';

export const RESULTS_HEADER = [
  'line',
  'surname',
  'ssid',
  'password',
  'serial_number',
  'status',
  'error',
  'profile_name',
  'profile_id',
] as const;

export async function downloadImportResults(page: Page, button: Locator): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  const read = readCsv(text.replace(/^\uFEFF/, ''));
  if (!read.ok) throw new Error(`the results file is not CSV: ${read.reason}`);
  const [header, ...records] = read.records.map((r) => r.fields);
  expect(header).toEqual([...RESULTS_HEADER]);
  return records;
}
