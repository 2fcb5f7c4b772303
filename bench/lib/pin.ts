// BENCH_PIN=1: the load generator (this process) on core 0, the server under test on core 1 with the
// PostgreSQL it uses, as in production, where routers are not on the ACS's machine. Without it every
// process shares both cores and the scheduler decides, which moved single runs' ratios by ±0.2.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

export const pinning = process.env.BENCH_PIN === '1' && cpus().length >= 2;

/** Every thread of `pid` (and what it starts later) on `core`. */
function pin(pid: number, core: number): void {
  execFileSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'ignore' });
}

/** The load generator on core 0 (call first). */
export function pinLoad(): void {
  if (pinning) pin(process.pid, 0);
}

/** A server under test on core 1. */
export function pinServer(pid: number): void {
  if (pinning) pin(pid, 1);
}

/**
 * The throwaway PostgreSQL on `port` (scripts/test-postgres.sh) on core 1 with the server: its
 * postmaster, whose backends, forked for the server's connections after this, inherit it.
 */
export function pinPostgres(port: string): void {
  const pidFile = `/tmp/provisor-test-pg-${port}/postmaster.pid`;
  if (!pinning || !existsSync(pidFile)) return;
  pin(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 1);
}

export const pinNote = () =>
  pinning
    ? 'pinned: load generator on core 0, server and PostgreSQL on core 1'
    : 'not pinned (BENCH_PIN=1 pins)';
