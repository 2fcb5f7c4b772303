// Shared measuring helpers for bench/<name>/main.ts: warm up, then take the median of several timed
// samples, so one GC pause or JIT tier-up does not decide the result.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Measurement {
  name: string;
  opsPerSec: number;
  /** Mean time of one operation, microseconds. */
  usPerOp: number;
  samples: number[];
}

let sink: unknown;

/** Runs `fn` repeatedly; returns the median ops/s over `samples` timed windows of `sampleMs`. */
export function measure(
  name: string,
  fn: () => unknown,
  { warmupMs = 400, sampleMs = 250, samples = 7 } = {},
): Measurement {
  const until = performance.now() + warmupMs;
  while (performance.now() < until) sink = fn();
  // Batch so the clock is read rarely relative to the work.
  let batch = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) sink = fn();
    if (performance.now() - t0 > 5) break;
    batch *= 2;
  }
  const rates: number[] = [];
  for (let s = 0; s < samples; s++) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < sampleMs) {
      for (let i = 0; i < batch; i++) sink = fn();
      n += batch;
      t = performance.now();
    }
    rates.push(n / ((t - t0) / 1000));
  }
  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  return { name, opsPerSec: median, usPerOp: 1e6 / median, samples: rates };
}

/** Keeps the optimiser from dropping the measured work. */
export function consumeSink(): unknown {
  return sink;
}

export interface Machine {
  nproc: number;
  cpu: string;
  node: string;
  platform: string;
}

export function machine(): Machine {
  return {
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** Prints rows as an aligned text table. */
export function printTable(rows: Record<string, string>[]): void {
  const first = rows[0];
  if (first === undefined) return;
  const cols = Object.keys(first);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i] as number)).join('  ');
  console.log(line(cols));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => r[c] ?? '')));
}

/** Writes bench/results/<name>.json and returns its path. */
export function writeResults(name: string, data: unknown): string {
  const dir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'results');
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(data, null, 2) + '\n');
  return path;
}
