// The customer list of the Customer Routers import (spec §3 "CSV import row", §5 "Client CSV
// import"): which columns count, which lines are skipped, the messages, and the per-row rules the
// console's preview and the server's import share (surname, SSID, password, serial, duplicates).
import { readCsv } from './csv';
import {
  DEFAULT_PASSWORD_OPTIONS,
  generatePassword,
  wifiPasswordProblem,
  type PasswordOptions,
  type RandomSource,
} from './password';
import { customerSsid, normalizeSurname, surnameProblem } from './ssid';

/** spec §5 "Client CSV import", letter for letter. */
export const CSV_MESSAGES = {
  noData: 'Please provide CSV data',
  noRows: 'CSV file must have headers and at least one data row',
  noSurnameColumn: 'CSV must contain "surname" or "prezime" column',
  invalid: 'Invalid CSV format',
} as const;

/** At most this many customers in one import (the server refuses more; the console may warn). */
export const CSV_IMPORT_MAX_ROWS = 10_000;
/** TR-069 DeviceIdStruct SerialNumber is string(64). */
export const SERIAL_NUMBER_MAX_LENGTH = 64;

/** Header names, compared lower-case with spaces and dashes read as "_" ("Serial Number" too). */
const COLUMNS = {
  surname: ['surname', 'prezime'],
  password: ['password'],
  serialNumber: ['serial_number', 'sn', 'serialnumber'],
} as const;

/** The template the console's "Download Template" offers. */
export const CUSTOMER_CSV_TEMPLATE =
  'surname,password,serial_number\nHorvat,,\nKovačević,MojaLozinka2024,HWTC12345678\n';

export interface CustomerCsvRow {
  /** The CSV line the row starts on (1 is the header's line when nothing comes before it). */
  line: number;
  surname: string;
  password: string;
  serialNumber: string;
}

export type CustomerCsvResult =
  | { ok: true; rows: CustomerCsvRow[] }
  | {
      ok: false;
      /** One of CSV_MESSAGES: what the console shows. */
      error: string;
      /** What exactly is wrong and what to do. */
      detail: string;
    };

const headerKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Comma, unless the header line has none and has semicolons (a spreadsheet set to a European
 * locale writes ";") or tabs. */
function delimiterOf(text: string): string {
  const header = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  if (header === undefined || header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

/** Reads the customer list; blank lines and lines starting with # are skipped (spec §5). */
export function readCustomerCsv(text: string | undefined | null): CustomerCsvResult {
  if (typeof text !== 'string' || text.replace(/^\uFEFF/, '').trim() === '') {
    return {
      ok: false,
      error: CSV_MESSAGES.noData,
      detail: 'The CSV data is empty; paste the customer list or choose a .csv file.',
    };
  }
  const read = readCsv(text, { delimiter: delimiterOf(text), comment: '#' });
  if (!read.ok) {
    return { ok: false, error: CSV_MESSAGES.invalid, detail: `The CSV cannot be read: ${read.reason}.` };
  }
  const records = read.records.filter((r) => r.fields.some((f) => f.trim() !== ''));
  const header = records[0];
  if (!header || records.length < 2) {
    return {
      ok: false,
      error: CSV_MESSAGES.noRows,
      detail:
        'The first line must name the columns (surname, password, serial_number) and at least one customer must follow.',
    };
  }
  const keys = header.fields.map(headerKey);
  const column = (names: readonly string[]) => {
    for (const name of names) {
      const at = keys.indexOf(name);
      if (at >= 0) return at;
    }
    return -1;
  };
  const surname = column(COLUMNS.surname);
  if (surname < 0) {
    return {
      ok: false,
      error: CSV_MESSAGES.noSurnameColumn,
      detail: `The header on line ${header.line} names ${header.fields.map((f) => `"${f.trim()}"`).join(', ')}; add a "surname" (or "prezime") column.`,
    };
  }
  const password = column(COLUMNS.password);
  const serial = column(COLUMNS.serialNumber);
  const at = (fields: string[], index: number) => (index < 0 ? '' : (fields[index] ?? '').trim());
  return {
    ok: true,
    rows: records.slice(1).map((r) => ({
      line: r.line,
      surname: normalizeSurname(at(r.fields, surname)),
      password: at(r.fields, password),
      serialNumber: at(r.fields, serial),
    })),
  };
}

/** A row checked on its own and against the rows before it. */
export interface PlannedCustomer {
  line: number;
  surname: string;
  /** '' when the surname gives none. */
  ssid: string;
  /** As written, or generated when empty and generation is on. */
  password: string;
  serialNumber: string;
  /** Why the row cannot become a profile; absent when it can (as far as the file alone tells). */
  error?: string;
}

export interface PlanOptions {
  /** spec §2: fill empty passwords with generated ones (default on). */
  generatePasswords?: boolean;
  passwordOptions?: PasswordOptions;
  random?: RandomSource;
}

/**
 * The rules of one import that need only the file: a surname that gives an SSID, a password a router
 * takes (or a generated one), a serial of at most 64 characters, and no surname (compared by SSID,
 * case aside: Kovačević and KOVACEVIC are one Wi-Fi name) or serial number twice. The first row with
 * a surname or serial keeps it; a later one is refused, naming the earlier line.
 */
export function planCustomerImport(
  rows: readonly CustomerCsvRow[],
  options: PlanOptions = {},
): PlannedCustomer[] {
  const generate = options.generatePasswords ?? true;
  const passwordOptions = { ...DEFAULT_PASSWORD_OPTIONS, ...options.passwordOptions };
  const ssidLines = new Map<string, number>();
  const serialLines = new Map<string, number>();
  return rows.map((row) => {
    const ssid = customerSsid(row.surname) ?? '';
    let password = row.password;
    if (password === '' && generate) password = generatePassword(passwordOptions, options.random);
    const planned: PlannedCustomer = {
      line: row.line,
      surname: row.surname,
      ssid,
      password,
      serialNumber: row.serialNumber,
    };
    const problem =
      surnameProblem(row.surname) ??
      (password === ''
        ? 'Password is empty; fill it in or turn on password generation'
        : wifiPasswordProblem(password)) ??
      ([...row.serialNumber].length > SERIAL_NUMBER_MAX_LENGTH
        ? `Serial number must be at most ${SERIAL_NUMBER_MAX_LENGTH} characters`
        : null);
    if (problem) return { ...planned, error: problem };
    const ssidKey = ssid.toLowerCase();
    const earlierSsid = ssidLines.get(ssidKey);
    if (earlierSsid !== undefined) {
      return {
        ...planned,
        error: `Duplicate surname "${row.surname}": line ${earlierSsid} already gives the SSID ${ssid}`,
      };
    }
    const earlierSerial = row.serialNumber === '' ? undefined : serialLines.get(row.serialNumber);
    if (earlierSerial !== undefined) {
      return {
        ...planned,
        error: `Duplicate serial number "${row.serialNumber}": line ${earlierSerial} already has it`,
      };
    }
    ssidLines.set(ssidKey, row.line);
    if (row.serialNumber !== '') serialLines.set(row.serialNumber, row.line);
    return planned;
  });
}
