import { readCsv } from '@provisor/common';
import { describe, expect, it } from 'vitest';
import { RESULTS_HEADER, resultsCsv } from './results-csv';

describe('import results CSV', () => {
  it('neutralises cells a spreadsheet would read as a formula, or split into one (@provisor/common)', () => {
    const text = resultsCsv([
      {
        line: 2,
        success: false,
        error: 'Surname is empty',
        surname: 'x;=cmd',
        ssid: '',
        serialNumber: '@SUM(A1)',
      },
    ]);
    expect(text.split('\r\n')[1]).toBe(`2,"x;=cmd",,,'@SUM(A1),failed,Surname is empty,,`);
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
