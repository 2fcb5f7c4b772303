// CSV cells for files operators open in spreadsheets, the server's exports and the console's alike.
// The values come from routers and uploaded lists, which are not trusted, so a cell must never be
// read as a formula (CSV injection, OWASP "CSV Injection").

/**
 * OWASP's list of cell starts that spreadsheets (Excel, LibreOffice, Google Sheets) may read as a
 * formula: the formula signs, and TAB and CR. Quoting alone does not help: the quotes are CSV
 * syntax, gone by the time the spreadsheet looks at the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Characters that oblige a cell to be quoted (RFC 4180 §2.6), and the other separators spreadsheets
 * split on: Excel in a locale whose list separator is `;` (much of Europe) or a file opened as
 * tab-separated would cut `x;=cmd|...` into two cells, the second a formula. Quoted, it stays one
 * cell, which begins with `x`.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell. A formula-like value gets a leading `'`, which spreadsheets take as "this is
 * text" (a negative number, "-5", thus arrives as the text '-5: safe over convenient); then a
 * cell holding a quote, comma, semicolon, tab or line break is quoted with its quotes doubled (RFC
 * 4180 §2.7).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line, cells separated by commas, without its line end. */
export function csvRow(values: readonly string[]): string {
  return values.map(csvCell).join(',');
}
