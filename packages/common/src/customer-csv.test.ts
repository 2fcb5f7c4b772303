import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';
import {
  CSV_MESSAGES,
  CUSTOMER_CSV_TEMPLATE,
  planCustomerImport,
  readCustomerCsv,
  type CustomerCsvRow,
} from './customer-csv';
import { passwordAlphabets } from './password';

describe('readCsv (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, numbering records by their first line', () => {
    const text = 'a,b,c\n"Kovač, Ana","say ""hi""","two\nlines"\nx,y,z\n';
    expect(readCsv(text)).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b', 'c'] },
        { line: 2, fields: ['Kovač, Ana', 'say "hi"', 'two\nlines'] },
        { line: 4, fields: ['x', 'y', 'z'] },
      ],
    });
  });

  it('ends records at CRLF, LF or CR, and drops a byte-order mark', () => {
    expect(readCsv('\uFEFFa,b\r\n1,2\r3,4\n5,"6\r\n7"\r\n8,9')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['1', '2'] },
        { line: 3, fields: ['3', '4'] },
        { line: 4, fields: ['5', '6\r\n7'] },
        { line: 6, fields: ['8', '9'] },
      ],
    });
  });

  it('skips comment lines but not a # inside a quoted field or later in a line', () => {
    expect(readCsv('# list\na,b\n  # note\n"#1",x#y\n')).toEqual({
      ok: true,
      records: [
        { line: 2, fields: ['a', 'b'] },
        { line: 4, fields: ['#1', 'x#y'] },
      ],
    });
  });

  it('keeps empty fields and a quote inside an unquoted field, and allows spaces around quotes', () => {
    expect(readCsv('a,,c,\nO"Neil, "x" ,\n')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', '', 'c', ''] },
        { line: 2, fields: ['O"Neil', 'x', ''] },
      ],
    });
  });

  it('refuses a quoted field that is never closed, naming its line', () => {
    expect(readCsv('a,b\n1,"open\n2,3\n')).toEqual({
      ok: false,
      line: 2,
      reason: 'the quoted field opened on line 2 is never closed',
    });
  });

  it('refuses text after a closing quote', () => {
    const r = readCsv('a,b\n"x"y,1\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.line).toBe(2);
  });

  it('reads other delimiters', () => {
    expect(readCsv('a;b\n"1;2";3', { delimiter: ';' })).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['1;2', '3'] },
      ],
    });
  });
});

describe('readCustomerCsv (spec §5 Client CSV import)', () => {
  it('reads surname, password and serial_number, UTF-8 surnames and all', () => {
    const r = readCustomerCsv(
      'surname,password,serial_number\nKovačević,Lozinka123,HWTC0001\n"Šimić, Ivan",,\n',
    );
    expect(r).toEqual({
      ok: true,
      rows: [
        { line: 2, surname: 'Kovačević', password: 'Lozinka123', serialNumber: 'HWTC0001' },
        { line: 3, surname: 'Šimić, Ivan', password: '', serialNumber: '' },
      ],
    });
  });

  it('accepts prezime and sn, in any order, case and spacing of the header', () => {
    const r = readCustomerCsv(' SN ;Password; Prezime \r\nHWTC9;tajna-lozinka;Horvat\r\n');
    expect(r).toEqual({
      ok: true,
      rows: [{ line: 2, surname: 'Horvat', password: 'tajna-lozinka', serialNumber: 'HWTC9' }],
    });
    expect(readCustomerCsv('Serial Number,surname\nX1,Babić')).toMatchObject({
      ok: true,
      rows: [{ serialNumber: 'X1' }],
    });
  });

  it('skips blank lines, lines of empty fields and lines starting with #, keeping line numbers', () => {
    const r = readCustomerCsv(
      '# customers of May\n\nsurname,password\n\nHorvat,12345678\n,,\n# Babić left\nBabić,\n',
    );
    expect(r).toEqual({
      ok: true,
      rows: [
        { line: 5, surname: 'Horvat', password: '12345678', serialNumber: '' },
        { line: 8, surname: 'Babić', password: '', serialNumber: '' },
      ],
    });
  });

  it('gives a row with fewer fields empty values, and ignores extra columns', () => {
    expect(readCustomerCsv('surname,note,password\nHorvat\nBabić,vip,12345678,extra')).toMatchObject({
      ok: true,
      rows: [
        { surname: 'Horvat', password: '' },
        { surname: 'Babić', password: '12345678' },
      ],
    });
  });

  it('says "Please provide CSV data" for nothing at all', () => {
    for (const text of ['', '  \n\n', '\uFEFF', undefined, null]) {
      expect(readCustomerCsv(text)).toMatchObject({ ok: false, error: 'Please provide CSV data' });
    }
  });

  it('says the header and a data row are needed when there is no data row', () => {
    for (const text of ['surname,password', 'surname\n\n# nobody yet\n', '# only a comment']) {
      expect(readCustomerCsv(text)).toMatchObject({
        ok: false,
        error: 'CSV file must have headers and at least one data row',
      });
    }
  });

  it('says a surname or prezime column is needed, naming the columns it found', () => {
    const r = readCustomerCsv('name,password\nHorvat,12345678');
    expect(r).toEqual({
      ok: false,
      error: 'CSV must contain "surname" or "prezime" column',
      detail: 'The header on line 1 names "name", "password"; add a "surname" (or "prezime") column.',
    });
  });

  it('says "Invalid CSV format" for a file it cannot read, and where', () => {
    const r = readCustomerCsv('surname,password\nHorvat,"unclosed\nBabić,x\n');
    expect(r).toMatchObject({ ok: false, error: 'Invalid CSV format' });
    if (!r.ok) expect(r.detail).toMatch(/line 2/);
  });

  it('keeps the spec messages letter for letter', () => {
    expect(CSV_MESSAGES).toEqual({
      noData: 'Please provide CSV data',
      noRows: 'CSV file must have headers and at least one data row',
      noSurnameColumn: 'CSV must contain "surname" or "prezime" column',
      invalid: 'Invalid CSV format',
    });
  });

  it('reads its own download template', () => {
    expect(readCustomerCsv(CUSTOMER_CSV_TEMPLATE)).toMatchObject({
      ok: true,
      rows: [{ surname: 'Horvat' }, { surname: 'Kovačević' }],
    });
  });
});

describe('planCustomerImport', () => {
  const row = (line: number, surname: string, password = '', serialNumber = ''): CustomerCsvRow => ({
    line,
    surname,
    password,
    serialNumber,
  });

  it('generates 12-character passwords for empty fields when asked, and keeps given ones', () => {
    const [a, b] = planCustomerImport([row(2, 'Horvat'), row(3, 'Babić', 'Moja lozinka!')]);
    expect(a?.password).toHaveLength(12);
    const alphabet = passwordAlphabets().join('');
    for (const c of a!.password) expect(alphabet).toContain(c);
    expect(a).toMatchObject({ line: 2, surname: 'Horvat', ssid: 'GT_Horvat' });
    expect(a).not.toHaveProperty('error');
    expect(b).toEqual({
      line: 3,
      surname: 'Babić',
      ssid: 'GT_Babic',
      password: 'Moja lozinka!',
      serialNumber: '',
    });
  });

  it('refuses an empty password when generation is off, and passwords a router would refuse', () => {
    const plan = planCustomerImport(
      [
        row(2, 'Horvat'),
        row(3, 'Babić', 'short'),
        row(4, 'Perić', 'lozinkačć1'),
        row(5, 'Ban', 'ok-password'),
      ],
      { generatePasswords: false },
    );
    expect(plan.map((p) => p.error)).toEqual([
      'Password is empty; fill it in or turn on password generation',
      'Password must be 8 to 63 characters for WPA2 (this one has 5)',
      expect.stringMatching(/"č" is not one/),
      undefined,
    ]);
  });

  it('refuses a missing surname, and a surname or serial seen on an earlier line', () => {
    const plan = planCustomerImport([
      row(2, '', 'password1'),
      row(3, 'Kovačević', 'password1', 'SN1'),
      row(4, 'KOVACEVIC', 'password1'),
      row(5, 'Perić', 'password1', 'SN1'),
      row(6, 'Perić', 'password1', 'SN2'),
    ]);
    expect(plan.map((p) => [p.line, p.error])).toEqual([
      [2, 'Surname is required'],
      [3, undefined],
      [4, 'Duplicate surname "KOVACEVIC": line 3 already gives the SSID GT_KOVACEVIC'],
      [5, 'Duplicate serial number "SN1": line 3 already has it'],
      // Line 5 was refused, so the surname Perić is still free for line 6.
      [6, undefined],
    ]);
  });

  it('refuses a serial number longer than 64 characters', () => {
    expect(planCustomerImport([row(2, 'Horvat', 'password1', 'S'.repeat(65))])[0]?.error).toBe(
      'Serial number must be at most 64 characters',
    );
  });
});
