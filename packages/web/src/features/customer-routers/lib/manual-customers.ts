// spec §2 Customer Routers, Manual Creation: the rows an operator types, and what "Create All
// Profiles" sends (spec §7 "Manual creation payload", built by @provisor/common customerProfile).
import { customerProfile, generatePassword, surnameProblem, wifiPasswordProblem } from '@provisor/common';

export interface CustomerRow {
  /** A client-side key: rows are reordered and removed, and React needs a stable one. */
  key: string;
  surname: string;
  password: string;
  serialNumber: string;
}

export const MANUAL_MESSAGES = {
  noSurname: 'All profiles must have a surname',
  noTemplate: 'Please select a router template',
  created: (n: number) => `Successfully created ${n} customer router profiles`,
  failed: 'Failed to create profiles',
} as const;

/** spec §9: "A duplicated customer appends _copy to the surname." */
export const COPY_SUFFIX = '_copy';

let counter = 0;
const nextKey = () => `row-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function newCustomerRow(): CustomerRow {
  return { key: nextKey(), surname: '', password: generatePassword(), serialNumber: '' };
}

/** The copy keeps the password and serial as typed; its surname gets _copy (spec §9). */
export function duplicateCustomerRow(row: CustomerRow): CustomerRow {
  return { ...row, key: nextKey(), surname: `${row.surname}${COPY_SUFFIX}` };
}

export function readyLabel(count: number): string {
  return `${count} customer(s) ready to create`;
}

export type BuildResult =
  | { ok: true; profiles: { name: string; templateId: string; values: Record<string, unknown> }[] }
  | { ok: false; error: string; rowErrors: Record<string, string> };

/**
 * The bulk-create body, or why not: spec §5 "every row needs a surname"; "a template is required".
 * Beyond the spec, a surname that gives no SSID and a password a router refuses are named per row
 * (the server would refuse them anyway, one by one), so the operator fixes them before sending.
 */
export function buildCreateRequest(rows: readonly CustomerRow[], templateId: string): BuildResult {
  const rowErrors: Record<string, string> = {};
  if (rows.some((row) => row.surname.trim() === '')) {
    for (const row of rows) if (row.surname.trim() === '') rowErrors[row.key] = 'Surname is required';
    return { ok: false, error: MANUAL_MESSAGES.noSurname, rowErrors };
  }
  if (templateId === '') return { ok: false, error: MANUAL_MESSAGES.noTemplate, rowErrors };
  const profiles = [];
  for (const row of rows) {
    const problem = surnameProblem(row.surname) ?? wifiPasswordProblem(row.password);
    const profile = problem === null ? customerProfile(row) : null;
    if (profile === null) {
      rowErrors[row.key] = problem ?? 'This surname gives no Wi-Fi name';
      continue;
    }
    profiles.push({ name: profile.name, templateId, values: { ...profile.values } });
  }
  if (Object.keys(rowErrors).length > 0)
    return { ok: false, error: 'Some customers need fixing: see the marked rows', rowErrors };
  return { ok: true, profiles };
}
