// spec §2 Manage Profiles: "export all or selected as CSV". The operator opens the file in a
// spreadsheet, so every cell that a spreadsheet would read as a formula (starting with = + - @, tab or
// carriage return: OWASP "CSV Injection") gets a leading ' and is shown as typed.
import type { CustomerProfileView } from './customer-profiles';

export const EXPORT_HEADER = [
  'customer',
  'profile',
  'ssid',
  'password',
  'serial_number',
  'created_at',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised against formulas, then quoted per RFC 4180 when it needs it. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The file: a header and one line per profile, CRLF line ends (RFC 4180). The password is exported
 * whole: the file is what the operator hands to the customer (the screen masks it).
 */
export function profilesCsv(profiles: readonly CustomerProfileView[]): string {
  const lines = [EXPORT_HEADER.join(',')];
  for (const p of profiles) {
    lines.push([p.customer, p.name, p.ssid, p.password, p.serialNumber, p.createdAt].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function exportFileName(now = new Date()): string {
  return `customer-profiles-${now.toISOString().slice(0, 10)}.csv`;
}
