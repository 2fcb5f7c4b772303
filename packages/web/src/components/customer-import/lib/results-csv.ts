// The import's results as a CSV the operator keeps (spec §2 "Download Results"): one line per
// customer row, with the Wi-Fi password to hand the customer. Surnames and serials come from an
// uploaded file: every cell goes through @provisor/common's csvRow (formulas come out as text).
import { csvRow } from '@provisor/common';
import type { CsvImportRow } from '@provisor/server/contract';

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

/** One result as the results CSV writes it, in RESULTS_HEADER order. */
export function resultCells(row: CsvImportRow): string[] {
  return [
    String(row.line),
    row.surname,
    row.ssid,
    row.password ?? '',
    row.serialNumber,
    row.success ? 'success' : 'failed',
    row.error ?? '',
    row.profileName ?? '',
    row.profileId ?? '',
  ];
}

/** The whole results file, CRLF line ends (RFC 4180 §2.1). */
export function resultsCsv(rows: readonly CsvImportRow[]): string {
  return [RESULTS_HEADER, ...rows.map(resultCells)].map(csvRow).join('\r\n') + '\r\n';
}

/** `customer-import-results-2026-01-31.csv`. */
export const resultsFileName = (now = new Date()) =>
  `customer-import-results-${now.toISOString().slice(0, 10)}.csv`;
