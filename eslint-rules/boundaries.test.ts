// The boundary rules of issue 15 (point 4), with every spelling of an import judged by where it
// lands. The importing files are named by their real place in the repository (they need not exist);
// the imported paths are resolved from the repository's own tsconfig.json, package.json and
// node_modules, so these cases are also the lint fixtures of the acceptance.
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import { REPO_ROOT, resolveImport } from './resolve-import.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

const rule = (name: string) => {
  const found = plugin.rules?.[name];
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};

const at = (relative: string) => path.join(REPO_ROOT, relative);

describe('resolveImport', () => {
  const from = at('packages/web/src/features/devices/api/get-device.ts');

  it('lands every spelling of the same file on one path', () => {
    const target = at('packages/server/src/config.ts');
    expect(resolveImport('@provisor/server/src/config.ts', from)).toBe(target);
    expect(resolveImport('../../../../../server/src/config.ts', from)).toBe(target);
    expect(resolveImport('../../../../../../node_modules/@provisor/server/src/config.ts', from)).toBe(target);
    expect(resolveImport(target, from)).toBe(target);
  });

  it('follows the web alias @/ and the package exports of a workspace', () => {
    expect(resolveImport('@/lib/api-client', from)).toBe(at('packages/web/src/lib/api-client'));
    expect(resolveImport('@provisor/server', from)).toBe(at('packages/server/src/index.ts'));
  });

  it('leaves third-party packages and Node built-ins alone', () => {
    expect(resolveImport('react', from)).toBeNull();
    expect(resolveImport('node:fs', from)).toBeNull();
  });
});

describe('provisor/web-features', () => {
  const dashboard = at('packages/web/src/features/dashboard/components/dashboard-page.tsx');
  const otherFeature = [{ messageId: 'otherFeature' }];

  tester.run('web-features', rule('web-features'), {
    valid: [
      { filename: dashboard, code: "import { useStats } from '@/api/get-stats';" },
      { filename: dashboard, code: "import { buttonClass } from '@/components/ui/button';" },
      { filename: dashboard, code: "import { api } from '@/lib/api-client';" },
      { filename: dashboard, code: "import { useQuery } from '@tanstack/react-query';" },
      { filename: dashboard, code: "import { WelcomePanel } from './welcome-panel';" },
      { filename: dashboard, code: "import { STATS } from '../test/fixtures';" },
      { filename: dashboard, code: "import { STATS } from '@/features/dashboard/test/fixtures';" },
      // Out and back into the same feature.
      { filename: dashboard, code: "import { STATS } from '../../dashboard/test/fixtures';" },
      // The app composes the features: only features are kept apart.
      {
        filename: at('packages/web/src/app/routes.tsx'),
        code: "import { DashboardPage } from '@/features/dashboard/components/dashboard-page';\nconst p = import('@/features/devices/components/devices-page');",
      },
      // Not under packages/web/src/features at all.
      { filename: at('packages/sim/src/fleet.ts'), code: "import '../../web/src/features/devices/types';" },
    ],
    invalid: [
      {
        filename: dashboard,
        code: "import { useDevices } from '../../devices/api/get-devices';",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: "import { useDevices } from '@/features/devices/api/get-devices';",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: "import { formatBytes } from '../../../features/devices/lib/format';",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: "import type { Device } from '@/features/devices/types';",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: "import { type Device } from '@/features/devices/types';",
        errors: otherFeature,
      },
      { filename: dashboard, code: "import '@/features/devices';", errors: otherFeature },
      {
        filename: dashboard,
        code: "export { isJobFinished } from '@/features/devices/types';",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: "export type { Device } from '../../devices/types';",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: "export * from '@/features/profiles/lib/profile-list';",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: "const page = import('@/features/templates/components/templates-page');",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: "type D = import('@/features/devices/types').Device;",
        errors: otherFeature,
      },
      {
        filename: dashboard,
        code: `import { formatBytes } from '${at('packages/web/src/features/devices/lib/format')}';`,
        errors: otherFeature,
      },
      // Tests and fixtures belong to their feature too.
      {
        filename: at('packages/web/src/features/profiles/test/fixtures.ts'),
        code: "import { makeDevice } from '../../devices/test/fixtures';",
        errors: otherFeature,
      },
      // Features are compared by folder, not by name prefix: `device` is not `devices`.
      {
        filename: at('packages/web/src/features/device/components/x.tsx'),
        code: "import type { Device } from '@/features/devices/types';",
        errors: [
          {
            messageId: 'otherFeature',
            data: { own: 'device', specifier: '@/features/devices/types', other: 'devices' },
          },
        ],
      },
    ],
  });
});

describe('provisor/web-server-types', () => {
  const webFile = at('packages/web/src/features/devices/api/get-device.ts');
  const valueImport = [{ messageId: 'valueImport' }];

  tester.run('web-server-types', rule('web-server-types'), {
    valid: [
      { filename: webFile, code: "import type { Config } from '@provisor/server';" },
      { filename: webFile, code: "import type { Services } from '@provisor/server/src/app';" },
      {
        filename: webFile,
        code: "import type { DevicesService } from '../../../../../server/src/modules/devices/service';",
      },
      { filename: webFile, code: "export type { Config } from '@provisor/server';" },
      { filename: webFile, code: "export type * from '@provisor/server';" },
      { filename: webFile, code: "type C = import('@provisor/server').Config;" },
      { filename: webFile, code: "import type server = require('@provisor/server');" },
      { filename: webFile, code: "import { useQuery } from '@tanstack/react-query';" },
      { filename: webFile, code: "import { api } from '@/lib/api-client';" },
      // The shared rules are not the server: the console runs them (issue 17).
      { filename: webFile, code: "import { generatePassword, readCustomerCsv } from '@provisor/common';" },
      {
        filename: at('packages/web/src/lib/probe.ts'),
        code: "import { customerSsid } from '../../../common/src/ssid';",
      },
      // Only the web is held to types: the simulator and the tests of the server are not.
      { filename: at('packages/sim/src/fleet.ts'), code: "import { buildApp } from '@provisor/server';" },
      { filename: at('e2e/fixtures.ts'), code: "import { buildApp } from '@provisor/server';" },
    ],
    invalid: [
      { filename: webFile, code: "import { buildApp } from '@provisor/server';", errors: valueImport },
      { filename: webFile, code: "import * as server from '@provisor/server';", errors: valueImport },
      { filename: webFile, code: "import '@provisor/server';", errors: valueImport },
      // Inline `type` keeps `import {} from '...'` under verbatimModuleSyntax: the module still loads.
      { filename: webFile, code: "import { type Config } from '@provisor/server';", errors: valueImport },
      {
        filename: webFile,
        code: "import { type Config, loadConfig } from '@provisor/server';",
        errors: valueImport,
      },
      {
        filename: webFile,
        code: "import { toApiDevice } from '@provisor/server/src/modules/devices/service';",
        errors: valueImport,
      },
      {
        filename: webFile,
        code: "import { loadConfig } from '../../../../../server/src/config';",
        errors: valueImport,
      },
      {
        filename: webFile,
        code: "import { loadConfig } from '../../../../../../node_modules/@provisor/server/src/config';",
        errors: valueImport,
      },
      {
        filename: webFile,
        code: `import { loadConfig } from '${at('packages/server/src/config.ts')}';`,
        errors: valueImport,
      },
      { filename: webFile, code: "export { loadConfig } from '@provisor/server';", errors: valueImport },
      { filename: webFile, code: "export { type Config } from '@provisor/server';", errors: valueImport },
      { filename: webFile, code: "export * from '@provisor/server';", errors: valueImport },
      { filename: webFile, code: "const server = await import('@provisor/server');", errors: valueImport },
      { filename: webFile, code: "import server = require('@provisor/server');", errors: valueImport },
      // Anywhere in packages/web, not only in features.
      {
        filename: at('packages/web/src/lib/live-messages.ts'),
        code: "import { createEventBus } from '@provisor/server/src/modules/live/event-bus';",
        errors: valueImport,
      },
      {
        filename: at('packages/web/vite.config.ts'),
        code: "import { loadConfig } from '../server/src/config';",
        errors: valueImport,
      },
    ],
  });
});

describe('provisor/server-modules', () => {
  const filesRoutes = at('packages/server/src/modules/files/routes.ts');
  const internalFile = [{ messageId: 'internalFile' }];

  tester.run('server-modules', rule('server-modules'), {
    valid: [
      { filename: filesRoutes, code: "import { toApiJob } from '../jobs/index';" },
      { filename: filesRoutes, code: "import { toApiJob } from '../jobs';" },
      { filename: filesRoutes, code: "import { toApiJob } from '../jobs/index.js';" },
      { filename: filesRoutes, code: "import type { JobsService } from '../../modules/jobs/index';" },
      { filename: filesRoutes, code: "export { toApiJob } from '../jobs/index';" },
      { filename: filesRoutes, code: "const jobs = import('../jobs/index');" },
      // Its own files, and what is not a module.
      { filename: filesRoutes, code: "import type { FileStore } from './store';" },
      { filename: filesRoutes, code: "import type { FileStore } from '../files/store';" },
      { filename: filesRoutes, code: "import { AppError } from '../../errors';" },
      { filename: filesRoutes, code: "import type { Database } from '../../db/schema';" },
      { filename: filesRoutes, code: "import { decode } from '@provisor/cwmp';" },
      { filename: filesRoutes, code: "import { customerProfile } from '@provisor/common';" },
      // A file deeper inside a module.
      {
        filename: at('packages/server/src/modules/templates/starters/wifi.ts'),
        code: "import type { MappingKind } from '../../data-model/index';",
      },
      // The app composes the modules: it is not inside one.
      {
        filename: at('packages/server/src/app.ts'),
        code: "import { createJobRunner } from './modules/jobs/runner';",
      },
    ],
    invalid: [
      { filename: filesRoutes, code: "import { perDevice } from '../jobs/bulk';", errors: internalFile },
      { filename: filesRoutes, code: "import { perDevice } from '../jobs/bulk.js';", errors: internalFile },
      {
        filename: filesRoutes,
        code: "import type { JobParams } from '../jobs/handlers';",
        errors: internalFile,
      },
      {
        filename: filesRoutes,
        code: "import { toApiJob } from '../../modules/jobs/service';",
        errors: internalFile,
      },
      {
        filename: filesRoutes,
        code: "import { bulkSchema } from '../../../src/modules/jobs/schemas';",
        errors: internalFile,
      },
      {
        filename: filesRoutes,
        code: "import { bulkSchema } from '@provisor/server/src/modules/jobs/schemas';",
        errors: internalFile,
      },
      {
        filename: filesRoutes,
        code: `import { toApiJob } from '${at('packages/server/src/modules/jobs/service.ts')}';`,
        errors: internalFile,
      },
      { filename: filesRoutes, code: "export { toApiJob } from '../jobs/service';", errors: internalFile },
      { filename: filesRoutes, code: "export * from '../jobs/schemas';", errors: internalFile },
      { filename: filesRoutes, code: "const runner = import('../jobs/runner');", errors: internalFile },
      { filename: filesRoutes, code: "type P = import('../jobs/handlers').JobParams;", errors: internalFile },
      // A folder below a module's index is still inside the module.
      { filename: filesRoutes, code: "import { x } from '../jobs/index/x';", errors: internalFile },
      // Tests are held to the same boundary.
      {
        filename: at('packages/server/src/modules/jobs/wake.test.ts'),
        code: "import { createConnectionRequester } from '../cwmp/connection-request';",
        errors: internalFile,
      },
      {
        filename: at('packages/server/src/modules/templates/starters/wifi.ts'),
        code: "import type { MappingKind } from '../../data-model/service';",
        errors: [
          {
            messageId: 'internalFile',
            data: { own: 'templates', specifier: '../../data-model/service', other: 'data-model' },
          },
        ],
      },
    ],
  });
});

describe('provisor/common-pure', () => {
  const ssid = at('packages/common/src/ssid.ts');
  const ourPackage = [{ messageId: 'ourPackage' }];
  const builtin = [{ messageId: 'builtin' }];

  tester.run('common-pure', rule('common-pure'), {
    valid: [
      { filename: ssid, code: "import { readCsv } from './csv';" },
      { filename: ssid, code: "import { readCsv } from '@provisor/common';" },
      { filename: ssid, code: "import { readCsv } from '../../common/src/csv';" },
      { filename: at('packages/common/src/ssid.test.ts'), code: "import { describe } from 'vitest';" },
      // Elsewhere the rule says nothing: the server and the console may import what they like of it.
      { filename: at('packages/server/src/app.ts'), code: "import { readFileSync } from 'node:fs';" },
    ],
    invalid: [
      { filename: ssid, code: "import { AppError } from '@provisor/server/src/errors';", errors: ourPackage },
      {
        filename: ssid,
        code: "import type { Profile } from '@provisor/server/contract';",
        errors: ourPackage,
      },
      { filename: ssid, code: "import { decode } from '@provisor/cwmp';", errors: ourPackage },
      { filename: ssid, code: "import { cn } from '../../web/src/lib/utils';", errors: ourPackage },
      { filename: ssid, code: "export * from '../../server/src/contract';", errors: ourPackage },
      { filename: ssid, code: "const m = import('@provisor/sim');", errors: ourPackage },
      { filename: ssid, code: "import { randomInt } from 'node:crypto';", errors: builtin },
      { filename: ssid, code: "import { readFileSync } from 'fs';", errors: builtin },
      { filename: ssid, code: "import { join } from 'path/posix';", errors: builtin },
      // Tests are held to it too: they run in both worlds' test set-ups.
      {
        filename: at('packages/common/src/ssid.test.ts'),
        code: "import { randomBytes } from 'crypto';",
        errors: builtin,
      },
    ],
  });
});
