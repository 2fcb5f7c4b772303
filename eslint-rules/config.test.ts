// The repository's own lint set-up (eslint.config.js, what `npm run lint` runs) enforces the
// boundaries of issue 15, and its exemption list holds only files that still need it.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULES_EXEMPT } from '../eslint.config.js';
import { REPO_ROOT } from './resolve-import.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

async function ruleIds(relativePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, relativePath) });
  return result?.messages.map((m) => m.ruleId) ?? [];
}

describe('npm run lint', () => {
  it('fails on a web feature importing another feature', async () => {
    const ids = await ruleIds(
      'packages/web/src/features/dashboard/components/probe.ts',
      "import { useDevices } from '@/features/devices/api/get-devices';\nexport const probe = useDevices;\n",
    );
    expect(ids).toEqual(['provisor/web-features']);
  });

  it('fails on the web importing server code other than types', async () => {
    const ids = await ruleIds(
      'packages/web/src/lib/probe.ts',
      "import { loadConfig } from '@provisor/server';\nexport const probe = loadConfig;\n",
    );
    expect(ids).toEqual(['provisor/web-server-types']);
  });

  it('passes the web importing types from the server', async () => {
    const ids = await ruleIds(
      'packages/web/src/lib/probe.ts',
      "import type { Config } from '@provisor/server';\nexport type Probe = Config;\n",
    );
    expect(ids).toEqual([]);
  });

  it('passes the web importing the shared rules of packages/common', async () => {
    const ids = await ruleIds(
      'packages/web/src/lib/probe.ts',
      "import { generatePassword } from '@provisor/common';\nexport const probe = generatePassword;\n",
    );
    expect(ids).toEqual([]);
  });

  it('fails on packages/common importing the server or a Node built-in', async () => {
    const ids = await ruleIds(
      'packages/common/src/probe.ts',
      "import { AppError } from '@provisor/server/src/errors';\nimport { randomInt } from 'node:crypto';\nexport const probe = [AppError, randomInt];\n",
    );
    expect(ids).toEqual(['provisor/common-pure', 'provisor/common-pure']);
  });

  it("fails on a server module importing another module's internal file", async () => {
    const ids = await ruleIds(
      'packages/server/src/modules/stats/probe.ts',
      "import { perDevice } from '../jobs/bulk';\nexport const probe = perDevice;\n",
    );
    expect(ids).toEqual(['provisor/server-modules']);
  });

  it("passes a server module importing another module's index", async () => {
    const ids = await ruleIds(
      'packages/server/src/modules/stats/probe.ts',
      "import { perDevice } from '../jobs/index';\nexport const probe = perDevice;\n",
    );
    expect(ids).toEqual([]);
  });
});

describe('the exemptions from provisor/server-modules', () => {
  // ESLint refuses `files: []`: the strict override exists only while something is listed.
  const strict = new ESLint({
    cwd: REPO_ROOT,
    ...(SERVER_MODULES_EXEMPT.length > 0
      ? { overrideConfig: { files: SERVER_MODULES_EXEMPT, rules: { 'provisor/server-modules': 'error' } } }
      : {}),
  });

  it('turns the rule off for the listed files only (none, or each a module file)', async () => {
    const probes = ['files/routes.ts', 'jobs/transfer-routes.ts', 'jobs/cpe-files-door.ts'].map(
      (file) => `packages/server/src/modules/${file}`,
    );
    for (const file of [...new Set([...probes, ...SERVER_MODULES_EXEMPT])]) {
      expect(file).toMatch(/^packages\/server\/src\/modules\//);
      const config = (await eslint.calculateConfigForFile(path.join(REPO_ROOT, file))) as {
        rules: Record<string, unknown>;
      };
      const severity = SERVER_MODULES_EXEMPT.includes(file) ? 0 : 2;
      expect(config.rules['provisor/server-modules'], file).toEqual([severity]);
    }
  });

  // vitest refuses it.each([]): the per-file check exists only while something is listed.
  if (SERVER_MODULES_EXEMPT.length > 0)
    it.each(SERVER_MODULES_EXEMPT)(
      '%s still needs its exemption (remove it from eslint.config.js when not)',
      async (file) => {
        const [result] = await strict.lintFiles([path.join(REPO_ROOT, file)]);
        const reaches = result?.messages.filter((m) => m.ruleId === 'provisor/server-modules') ?? [];
        expect(reaches.length).toBeGreaterThan(0);
      },
    );
});
