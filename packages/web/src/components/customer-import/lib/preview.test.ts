import { CSV_MESSAGES } from '@provisor/common';
import { describe, expect, it } from 'vitest';
import { PREVIEW_ROWS, previewCustomers } from './preview';

describe('customer import preview', () => {
  it('shows nothing for an empty text', () => {
    expect(previewCustomers('  \n', true)).toEqual({ kind: 'empty' });
  });

  it("says the file's problem in the spec's words with what to fix", () => {
    const noColumn = previewCustomers('name,password\nHorvat,secret123\n', true);
    expect(noColumn).toMatchObject({ kind: 'invalid', error: CSV_MESSAGES.noSurnameColumn });
    expect(previewCustomers('surname\n', true)).toMatchObject({
      kind: 'invalid',
      error: CSV_MESSAGES.noRows,
    });
    expect(previewCustomers('surname\n"Horvat\n', true)).toMatchObject({
      kind: 'invalid',
      error: CSV_MESSAGES.invalid,
    });
  });

  it('previews the first 5 customers with their SSID and counts the whole file', () => {
    const text = ['surname,password,sn', ...Array.from({ length: 7 }, (_, i) => `Kupac${i},,SN${i}`)].join(
      '\n',
    );
    const preview = previewCustomers(text, true);
    if (preview.kind !== 'ok') throw new Error(preview.kind);
    expect(PREVIEW_ROWS).toBe(5);
    expect(preview.rows.map((r) => r.ssid)).toEqual([
      'GT_Kupac0',
      'GT_Kupac1',
      'GT_Kupac2',
      'GT_Kupac3',
      'GT_Kupac4',
    ]);
    expect(preview.total).toBe(7);
    expect(preview.problems).toBe(0);
    expect(preview.rows.every((r) => r.generated)).toBe(true);
  });

  it('marks the rows the server will refuse, as the server will', () => {
    const text = 'surname,password\nHorvat,short\nKovačević,GoodPass2024\nKOVACEVIC,Other2024x\nNovak,\n';
    const preview = previewCustomers(text, false);
    if (preview.kind !== 'ok') throw new Error(preview.kind);
    expect(preview.rows.map((r) => [r.line, Boolean(r.error)])).toEqual([
      [2, true],
      [3, false],
      [4, true],
      [5, true],
    ]);
    expect(preview.rows[2]!.error).toContain('line 3');
    expect(preview.rows[3]!.error).toBe('Password is empty; fill it in or turn on password generation');
    expect(preview.problems).toBe(3);
    // With generation on, only the empty password stops being a problem.
    const generating = previewCustomers(text, true);
    if (generating.kind !== 'ok') throw new Error(generating.kind);
    expect(generating.problems).toBe(2);
    expect(generating.rows[3]!.generated).toBe(true);
    expect(generating.rows[3]!.error).toBeUndefined();
  });
});
