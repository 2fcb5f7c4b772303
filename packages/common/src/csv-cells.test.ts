import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv-cells';

describe('csvCell', () => {
  it.each([
    ['=', '=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+', '+1+1', "'+1+1"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['TAB', '\t=1+1', `"'\t=1+1"`],
    ['CR', '\r=1+1', `"'\r=1+1"`],
  ])('puts a quote mark before a cell that begins with %s', (_start, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes a cell with a quote (doubled), a comma or a line break', () => {
    expect(csvCell('a "b" c')).toBe('"a ""b"" c"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('quotes a cell with a semicolon or a tab, so that no spreadsheet splits a formula out of it', () => {
    expect(csvCell("ops;=cmd|' /C calc'!A0")).toBe(`"ops;=cmd|' /C calc'!A0"`);
    expect(csvCell('x\t=1+1')).toBe('"x\t=1+1"');
    expect(csvRow(['d1', 'a;b'])).toBe('d1,"a;b"');
  });

  it('leaves a plain value, an empty one and a formula character past the start untouched', () => {
    expect(csvCell('InternetGatewayDevice.DeviceInfo.SoftwareVersion')).toBe(
      'InternetGatewayDevice.DeviceInfo.SoftwareVersion',
    );
    expect(csvCell('')).toBe('');
    expect(csvCell('1+1=2 @home -x')).toBe('1+1=2 @home -x');
  });

  it('joins a row of cells with commas', () => {
    expect(csvRow(['d1', '=1', 'a,b'])).toBe(`d1,'=1,"a,b"`);
  });
});
