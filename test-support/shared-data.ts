// Tests over ../shared/data (BBF models, router dumps, CWMP captures) read it in place; it is never
// copied into the repository. Without it, such suites are skipped *by name*; in CI (CI=true) its
// absence is a failure, so a green CI always means the real data was exercised.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The `../shared` folder beside the repository (override with PROVISOR_SHARED_DIR). */
export const sharedDir = process.env.PROVISOR_SHARED_DIR ?? resolve(repoRoot, '..', 'shared');

/** Absolute path of a file or folder under `../shared/data`. */
export function sharedDataPath(...parts: string[]): string {
  return join(sharedDir, 'data', ...parts);
}

export function sharedDataAvailable(): boolean {
  return existsSync(join(sharedDir, 'data'));
}

/**
 * `describe` for suites that need ../shared/data. Runs them when present; otherwise registers the
 * suite as skipped with a name saying why, or, in CI, as one failing test.
 */
export function describeWithSharedData(name: string, fn: () => void): void {
  if (sharedDataAvailable()) {
    describe(name, fn);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs ../shared/data, which is missing in CI', () => {
        throw new Error(`../shared/data not found at ${sharedDir}; CI must run beside ../shared`);
      });
    });
  } else {
    describe.skip(`${name} [skipped: ../shared/data not found at ${sharedDir}]`, fn);
  }
}
