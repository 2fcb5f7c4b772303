// Rule c of issue 15: a server module (packages/server/src/modules/<A>/) reaches another module
// only through that module's index.ts, which lists its public surface (style.md rule 6: modules
// talk through services, never through another module's files).
import path from 'node:path';
import { importReferences } from './import-sources.js';
import { lintedFile, REPO_ROOT, resolveImport, segmentsBelow } from './resolve-import.js';

const MODULES = path.join(REPO_ROOT, 'packages', 'server', 'src', 'modules');
const INDEX = /^index(\.[cm]?[jt]sx?)?$/;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "A server module may import another module only through that module's index.ts." },
    schema: [],
    messages: {
      internalFile:
        "Module '{{own}}' imports '{{specifier}}', a file inside module '{{other}}'; a module is reached " +
        "only through its index. Import it from 'modules/{{other}}/index.ts' (export it there if other " +
        'modules need it).',
    },
  },
  create(context) {
    const file = lintedFile(context.filename);
    const from = segmentsBelow(file, MODULES);
    const own = from && from.length >= 2 ? from[0] : undefined;
    if (own === undefined) return {};
    return importReferences(({ node, specifier }) => {
      const target = resolveImport(specifier, file);
      const to = target === null ? null : segmentsBelow(target, MODULES);
      const other = to?.[0];
      if (!to || other === undefined || other === own) return;
      // `modules/<B>` (a folder without index.ts yet) or `modules/<B>/index[.ts]`.
      if (to.length === 1 || (to.length === 2 && INDEX.test(to[1] ?? ''))) return;
      context.report({ node, messageId: 'internalFile', data: { own, specifier, other } });
    });
  },
};
