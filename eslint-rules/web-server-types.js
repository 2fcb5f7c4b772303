// Rule b of issue 15: the console depends on the server's API contract as types only
// (architecture.md: "web -> (types only) server"). A value import would bundle server code
// (Fastify, Kysely, node:*) into the browser build.
import path from 'node:path';
import { importReferences } from './import-sources.js';
import { lintedFile, REPO_ROOT, isInside, resolveImport } from './resolve-import.js';

const WEB = path.join(REPO_ROOT, 'packages', 'web');
const SERVER = path.join(REPO_ROOT, 'packages', 'server');

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'packages/web may import only types from packages/server.' },
    schema: [],
    messages: {
      valueImport:
        "The console imports '{{specifier}}' from the server at run time; it may import only types from " +
        'the server. Write `import type { ... }` or `export type { ... }` (an inline `{ type X }` still ' +
        'loads the module).',
    },
  },
  create(context) {
    const file = lintedFile(context.filename);
    if (!isInside(file, WEB)) return {};
    return importReferences(({ node, specifier, typeOnly }) => {
      if (typeOnly) return;
      const target = resolveImport(specifier, file);
      if (target === null || !isInside(target, SERVER)) return;
      context.report({ node, messageId: 'valueImport', data: { specifier } });
    });
  },
};
