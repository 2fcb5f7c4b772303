// What the import dialog shows before anything is sent: the same reading and per-row rules as the
// server's import (@provisor/common), so the preview cannot promise what the server refuses.
import { planCustomerImport, readCustomerCsv, type PlannedCustomer } from '@provisor/common';

/** spec §9: the preview shows 5 rows. */
export const PREVIEW_ROWS = 5;

export interface PreviewRow extends PlannedCustomer {
  /** The password will be generated on import (the file left it empty and generation is on). */
  generated: boolean;
}

export type CustomerPreview =
  | { kind: 'empty' }
  | { kind: 'invalid'; error: string; detail: string }
  | { kind: 'ok'; total: number; problems: number; rows: PreviewRow[] };

/**
 * The file's first PREVIEW_ROWS customers with their SSID and any row problem; `total` and
 * `problems` count the whole file. A generated password is only marked: the server generates its own.
 */
export function previewCustomers(text: string, generatePasswords: boolean): CustomerPreview {
  if (text.trim() === '') return { kind: 'empty' };
  const read = readCustomerCsv(text);
  if (!read.ok) return { kind: 'invalid', error: read.error, detail: read.detail };
  // Planned with generation as asked: a generated password passes the rules the server applies
  // after generating its own, so each row's problem is the server's.
  const planned = planCustomerImport(read.rows, { generatePasswords });
  const rows = planned.map((row, i): PreviewRow => ({
    ...row,
    generated: generatePasswords && read.rows[i]!.password === '',
  }));
  return {
    kind: 'ok',
    total: rows.length,
    problems: rows.filter((r) => r.error).length,
    rows: rows.slice(0, PREVIEW_ROWS),
  };
}
