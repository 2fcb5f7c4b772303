// The customer CSV import (spec §7 bulk-import-csv; issue 17 point 2). The file is read and each
// row checked on its own by the rules the console shares (@provisor/common); each good row becomes
// the profile of spec §7 "Manual creation payload" for the chosen template. Each row stands alone:
// a bad one is reported with its line and reason, and never stops, loses or half-creates a good one.
// The good rows are written in one transaction, a few statements per 500 rows, after a last check
// against the profiles already stored (taken under a lock on PostgreSQL, so two imports at once
// cannot both create one customer).
import { randomUUID } from 'node:crypto';
import {
  CSV_IMPORT_MAX_ROWS,
  customerProfile,
  planCustomerImport,
  readCustomerCsv,
  type PlannedCustomer,
} from '@provisor/common';
import type { BulkImportCsvInput, BulkImportCsvResult, CsvImportRow } from '../../contract';
import type { NewProfileRow } from '../../db/tables/profiles';
import { AppError } from '../../errors';
import type { Template } from '../templates/index';
import type { ImportCandidate, ProfilesRepository } from './repository';

/** The largest request body the import reads: 10,000 rows of long surnames, passwords and serials. */
export const CSV_IMPORT_BODY_LIMIT = 5 * 1024 * 1024;
export const CSV_IMPORT_BODY_LIMIT_TEXT = '5 MiB (5,242,880 bytes)';

export interface CsvImportDeps {
  repo: ProfilesRepository;
  templateFor(templateId: unknown): Promise<Template>;
  /** Validation and rendering of the values, as a stored profile keeps them. */
  evaluate(
    template: Template,
    values: Record<string, unknown>,
  ): Promise<{
    valid: boolean;
    errors: string[];
    columns: Pick<NewProfileRow, 'validation_status' | 'validation_errors' | 'rendered_params'>;
  }>;
  /** The columns a profile's values and name are searched by. */
  searchColumns(
    name: string,
    values: Record<string, unknown>,
  ): Pick<NewProfileRow, 'ssid' | 'surname' | 'serial_number'>;
  /** Serial -> assigned profile id, for the devices that already have a profile (devices module). */
  assignedProfilesBySerial(serials: readonly string[]): Promise<Map<string, string>>;
  now(): string;
}

const rowOf = (p: PlannedCustomer): CsvImportRow => ({
  line: p.line,
  success: false,
  surname: p.surname,
  ssid: p.ssid,
  serialNumber: p.serialNumber,
});

export async function importCustomerCsv(
  deps: CsvImportDeps,
  input: BulkImportCsvInput,
): Promise<BulkImportCsvResult> {
  const read = readCustomerCsv(input.csvData);
  if (!read.ok) throw new AppError(400, read.error, read.detail);
  if (typeof input.templateId !== 'string' || input.templateId.trim() === '') {
    // spec §5 Client CSV import: "Please select a router template".
    throw new AppError(
      400,
      'Please select a router template',
      'Choose the router template of the customers (templateId).',
    );
  }
  const template = await deps.templateFor(input.templateId);
  if (read.rows.length > CSV_IMPORT_MAX_ROWS) {
    throw new AppError(
      400,
      `Too many rows: at most ${CSV_IMPORT_MAX_ROWS} customers per import`,
      `The file has ${read.rows.length} customers; split it into files of at most ${CSV_IMPORT_MAX_ROWS} and import each.`,
    );
  }

  const plan = planCustomerImport(read.rows, { generatePasswords: input.generatePasswords ?? true });
  const results = plan.map(rowOf);
  const at = deps.now();
  const candidates: (ImportCandidate & { index: number })[] = [];
  for (const [index, p] of plan.entries()) {
    if (p.error) {
      results[index]!.error = p.error;
      continue;
    }
    const profile = customerProfile({
      surname: p.surname,
      password: p.password,
      serialNumber: p.serialNumber,
    })!;
    const values = profile.values as unknown as Record<string, unknown>;
    const e = await deps.evaluate(template, values);
    if (!e.valid) {
      results[index]!.error = `Does not fit the template "${template.name}": ${e.errors.join('; ')}`;
      continue;
    }
    const id = randomUUID();
    const json = JSON.stringify(values);
    candidates.push({
      index,
      profile: {
        id,
        name: profile.name,
        template_id: template.id,
        values: json,
        ...e.columns,
        version: 1,
        changelog: null,
        ...deps.searchColumns(profile.name, values),
        created_at: at,
        updated_at: at,
      },
      version: {
        id: randomUUID(),
        profile_id: id,
        version: 1,
        name: profile.name,
        values: json,
        changelog: null,
        validation_status: e.columns.validation_status,
        rendered_params: e.columns.rendered_params,
        created_at: at,
      },
    });
  }

  // A serial whose router already has a profile: that router is some other customer's.
  const serials = candidates.map((c) => c.profile.serial_number!).filter((s) => s !== '');
  const assigned =
    serials.length > 0 ? await deps.assignedProfilesBySerial(serials) : new Map<string, string>();
  const assignedNames = await deps.repo.namesByIds([...new Set(assigned.values())]);
  const free = candidates.filter((c) => {
    const profileId = assigned.get(c.profile.serial_number!);
    if (profileId === undefined) return true;
    const name = assignedNames.get(profileId);
    results[c.index]!.error =
      `Serial number "${c.profile.serial_number}" is a router that already has ${name ? `the profile "${name}"` : 'a profile'} assigned`;
    return false;
  });

  const conflicts = await deps.repo.insertNewCustomers(free);
  for (const [i, c] of free.entries()) {
    const r = results[c.index]!;
    const conflict = conflicts.get(i);
    if (conflict?.kind === 'ssid') {
      r.error = `A profile with the SSID ${r.ssid} already exists ("${conflict.profileName}")`;
    } else if (conflict?.kind === 'serial') {
      r.error = `Serial number "${r.serialNumber}" is already in the profile "${conflict.profileName}"`;
    } else {
      r.success = true;
      r.password = plan[c.index]!.password;
      r.profileId = c.profile.id;
      r.profileName = c.profile.name;
    }
  }
  const successful = results.filter((r) => r.success).length;
  return { results, successful, failed: results.length - successful };
}
