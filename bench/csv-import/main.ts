// The customer CSV import (issue 17): 10,000 rows through POST /api/profiles/bulk-import-csv, on
// SQLite and on PostgreSQL, the server in its own process. Three imports per database, each of new
// customers on top of the earlier ones (so the later ones check against 10,000 and 20,000 stored
// profiles); half the rows without a password (generated), a third with a router serial.
// Target (issue 17): under 5 s per import on each database. The server's CPU seconds per import are
// printed beside the wall time: on a machine shared with other work (see the load average) the wall
// time includes waiting for a core, the CPU time does not.
import { loadavg } from 'node:os';
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';
import { freshPostgresDatabase } from '../lib/postgres';
import { cpuSeconds } from '../session-throughput/load';

const ROWS = Number(process.env.CSV_IMPORT_ROWS ?? 10_000);
const RUNS = 3;
const TARGET_S = 5;

function customers(run: number): string {
  const lines = ['surname,password,serial_number'];
  for (let i = 0; i < ROWS; i++) {
    const surname = `Kovačević${run}x${i}`;
    const password = i % 2 === 0 ? '' : `Lozinka-${run}-${i}`;
    const serial = i % 3 === 0 ? `HWTC${run}${String(i).padStart(8, '0')}` : '';
    lines.push(`${surname},${password},${serial}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const rows: Record<string, string>[] = [];
const pgBase = process.env.PROVISOR_TEST_POSTGRES_URL;
if (!pgBase) console.log('PostgreSQL skipped: set PROVISOR_TEST_POSTGRES_URL to measure it too.');
let missed = false;
const cpuTotal: number[] = [];
for (const database of ['SQLite', ...(pgBase ? ['PostgreSQL'] : [])]) {
  const server = await startProvisorProcess({
    env: {
      PROVISOR_ADMIN_PASSWORD: 'bench-admin-password',
      PROVISOR_WEB_DIST: '',
      PROVISOR_LOG_LEVEL: 'error',
      ...(database === 'PostgreSQL'
        ? { DATABASE_URL: await freshPostgresDatabase(pgBase!, 'provisor_csv_import') }
        : {}),
    },
  });
  const api = await apiClient(server.url, 'admin', 'bench-admin-password');
  const pid = server.child.pid!;
  try {
    const { templates } = await api<{ templates: { id: string }[] }>('/api/templates?vendor=Huawei');
    const templateId = templates[0]!.id;
    for (let run = 1; run <= RUNS; run++) {
      const csvData = customers(run);
      const loadBefore = load();
      const cpuBefore = cpuSeconds(pid);
      const started = performance.now();
      const result = await api<{ successful: number; failed: number }>('/api/profiles/bulk-import-csv', {
        csvData,
        templateId,
        generatePasswords: true,
      });
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(pid) - cpuBefore;
      if (result.successful !== ROWS) throw new Error(`${database}: ${result.failed} of ${ROWS} rows failed`);
      if (seconds >= TARGET_S) missed = true;
      cpuTotal.push(cpu);
      const row = {
        database,
        run: String(run),
        'profiles before': String((run - 1) * ROWS),
        rows: String(ROWS),
        'CSV bytes': String(Buffer.byteLength(csvData)),
        'import (s)': seconds.toFixed(2),
        'rows/s': (ROWS / seconds).toFixed(0),
        'server CPU (s)': cpu.toFixed(2),
        'load avg before (1/5/15 min)': loadBefore,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await server.stop();
  }
}
printTable(rows);
console.log(
  `results: ${writeResults('csv-import', { machine: machine(), rows: ROWS, target: TARGET_S, runs: rows })}`,
);
console.log(
  missed
    ? `Target missed in wall time: an import took ${TARGET_S} s or more (load average now ${load()}; server CPU per import at most ${Math.max(...cpuTotal).toFixed(2)} s).`
    : `Target met: every import under ${TARGET_S} s.`,
);
