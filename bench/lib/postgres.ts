// PostgreSQL for benchmarks: the server named by PROVISOR_TEST_POSTGRES_URL, or a throwaway one
// started by scripts/test-postgres.sh when its binaries are installed; a new database per run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pinPostgres } from './pin';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The server to use, or null (no URL given and no PostgreSQL to start on this machine). */
export function benchPostgresUrl(port = '54329'): string | null {
  if (process.env.PROVISOR_TEST_POSTGRES_URL) return process.env.PROVISOR_TEST_POSTGRES_URL;
  const script = join(repoRoot, 'scripts', 'test-postgres.sh');
  if (!existsSync(script)) return null;
  try {
    const out = execFileSync(script, ['start'], { env: { ...process.env, PGPORT: port }, encoding: 'utf8' });
    return /PROVISOR_TEST_POSTGRES_URL=(\S+)/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** A new, empty database on the server at `base`, named after the benchmark; its URL. */
export async function freshPostgresDatabase(base: string, prefix: string): Promise<string> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  const name = `${prefix}_${Date.now()}`;
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection (a benchmark's own set-up, not the server's: ANALYZE). */
export async function runStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL run of a session benchmark: a new database on the benchmarks' server (on the
 * server's core under BENCH_PIN), or null, said why, when there is no PostgreSQL or
 * THROUGHPUT_SKIP_POSTGRES is set.
 */
export async function sessionBenchDatabase(prefix: string): Promise<string | null> {
  const base = process.env.THROUGHPUT_SKIP_POSTGRES ? null : benchPostgresUrl('54339');
  if (!base) {
    console.log('PostgreSQL: skipped (no server binaries found, or THROUGHPUT_SKIP_POSTGRES set)');
    return null;
  }
  pinPostgres(new URL(base).port);
  return freshPostgresDatabase(base, prefix);
}
