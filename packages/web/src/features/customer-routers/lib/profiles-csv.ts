// spec §2 Manage Profiles: "export all or selected as CSV". The operator opens the file in a
// spreadsheet, so every cell goes through @provisor/common's csvRow: a formula comes out as text
// (OWASP "CSV Injection"), quoted wherever a spreadsheet could split it.
import { csvRow } from '@provisor/common';
import type { CustomerProfileView } from './customer-profiles';

export const EXPORT_HEADER = [
  'customer',
  'profile',
  'ssid',
  'password',
  'serial_number',
  'created_at',
] as const;

/**
 * The file: a header and one line per profile, CRLF line ends (RFC 4180). The password is exported
 * whole: the file is what the operator hands to the customer (the screen masks it).
 */
export function profilesCsv(profiles: readonly CustomerProfileView[]): string {
  const lines = [EXPORT_HEADER.join(',')];
  for (const p of profiles) {
    lines.push(csvRow([p.customer, p.name, p.ssid, p.password, p.serialNumber, p.createdAt]));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function exportFileName(now = new Date()): string {
  return `customer-profiles-${now.toISOString().slice(0, 10)}.csv`;
}
