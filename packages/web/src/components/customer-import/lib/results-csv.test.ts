import { readCsv } from '@provisor/common';
import { describe, expect, it } from 'vitest';
import { csvCell, RESULTS_HEADER, resultsCsv } from './results-csv';

describe('import results CSV', () => {
  it('neutralises cells a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('Horvat')).toBe('Horvat');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1,2')).toBe(`"'=1+1,2"`);
  });

  it('writes one line per result, readable back to the same cells', () => {
    const text = resultsCsv([
      {
        line: 2,
        success: true,
        surname: 'Horvat',
        ssid: 'GT_Horvat',
        serialNumber: 'SN1',
        password: 'Pa,ss"word',
        profileId: 'p1',
        profileName: 'Korisnik-Horvat',
      },
      { line: 3, success: false, error: 'Surname is empty', surname: '', ssid: '', serialNumber: '=cmd' },
    ]);
    const read = readCsv(text);
    if (!read.ok) throw new Error(read.reason);
    expect(read.records.map((r) => r.fields)).toEqual([
      [...RESULTS_HEADER],
      ['2', 'Horvat', 'GT_Horvat', 'Pa,ss"word', 'SN1', 'success', '', 'Korisnik-Horvat', 'p1'],
      ['3', '', '', '', "'=cmd", 'failed', 'Surname is empty', '', ''],
    ]);
  });
});
