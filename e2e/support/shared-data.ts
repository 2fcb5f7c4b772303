// Browser tests over ../shared/data (real router dumps) read it in place, never copied into the
// repository. Without it such a test is skipped with a reason naming the folder; in CI (CI=true) its
// absence fails the test, so a green CI always means the real data was exercised (as
// test-support/shared-data.ts does for vitest).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from './fixtures';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The `../shared` folder beside the repository (override with PROVISOR_SHARED_DIR). */
export const sharedDir = process.env['PROVISOR_SHARED_DIR'] ?? resolve(repoRoot, '..', 'shared');

/** Absolute path of a file or folder under `../shared/data`. */
export const sharedDataPath = (...parts: string[]) => join(sharedDir, 'data', ...parts);

/** Call at the top of a test (or in beforeEach) that needs ../shared/data. */
export function needSharedData(): void {
  if (existsSync(sharedDataPath())) return;
  if (process.env['CI'] === 'true') {
    throw new Error(`../shared/data not found at ${sharedDir}; CI must run beside ../shared`);
  }
  test.skip(true, `skipped: ../shared/data not found at ${sharedDir}`);
}
