// A small RFC 4180 reader, the same in the console and the server. Written here rather than taken
// from papaparse (console) and csv-parse (server) so both sides read a file identically, and because
// the import reports every row by the line it starts on, which neither library gives directly.
//
// RFC 4180 plus what spreadsheets write: a UTF-8 byte-order mark is dropped; records end at CRLF, LF
// or CR; a quoted field may hold the delimiter, line breaks and doubled quotes (""); spaces around a
// quoted field are ignored; a quote inside an unquoted field is kept as text (O"Neil). Lines whose
// first non-blank character is the comment character are skipped. A quoted field never closed, or
// text after a closing quote, makes the whole file unreadable: where the next record starts is then
// a guess, and a guess could create the wrong customers.

export interface CsvRecord {
  /** The 1-based line of the text on which the record starts. */
  line: number;
  fields: string[];
}

export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; reason: string };

export interface CsvReadOptions {
  delimiter?: string;
  /** Lines starting with this (after blanks) are skipped; '' for none. */
  comment?: string;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

export function readCsv(input: string, options: CsvReadOptions = {}): CsvReadResult {
  const delimiter = options.delimiter ?? ',';
  const comment = options.comment ?? '#';
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;

  /** Past the line break at i (CRLF counts once); true when there was one. */
  const lineBreak = (): boolean => {
    const c = text[i];
    if (c === '\r') {
      i += text[i + 1] === '\n' ? 2 : 1;
    } else if (c === '\n') {
      i += 1;
    } else return false;
    line += 1;
    return true;
  };

  while (i < n) {
    // A comment line: skipped whole, only at the start of a record.
    if (comment !== '') {
      let j = i;
      while (isBlank(text[j])) j++;
      if (text.startsWith(comment, j)) {
        i = j;
        while (i < n && text[i] !== '\r' && text[i] !== '\n') i++;
        lineBreak();
        continue;
      }
    }
    const start = line;
    const fields: string[] = [];
    for (;;) {
      // One field, starting at i.
      let j = i;
      while (isBlank(text[j])) j++;
      if (text[j] === '"') {
        const opened = line;
        i = j + 1;
        let value = '';
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            return {
              ok: false,
              line: opened,
              reason: `the quoted field opened on line ${opened} is never closed`,
            };
          }
          const chunk = text.slice(i, q);
          line += chunk.match(/\r\n|\r|\n/g)?.length ?? 0;
          value += chunk;
          if (text[q + 1] === '"') {
            value += '"';
            i = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        while (isBlank(text[i])) i++;
        if (i < n && text[i] !== delimiter && text[i] !== '\r' && text[i] !== '\n') {
          return {
            ok: false,
            line,
            reason: `line ${line} has text after the closing quote of a field; put the whole field in quotes and double any quote inside it ("")`,
          };
        }
        fields.push(value);
      } else {
        let k = i;
        while (k < n && text[k] !== delimiter && text[k] !== '\r' && text[k] !== '\n') k++;
        fields.push(text.slice(i, k));
        i = k;
      }
      if (i < n && text[i] === delimiter) {
        i++;
        continue;
      }
      lineBreak();
      break;
    }
    records.push({ line: start, fields });
  }
  return { ok: true, records };
}
