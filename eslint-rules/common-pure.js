// packages/common holds the rules the console and the server share (the password generator, GT_
// SSIDs, the customer CSV reader): it must run unchanged in the browser and in Node. So it imports
// nothing of ours (the server and the web import it, never the other way) and no Node built-in.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { importReferences } from './import-sources.js';
import { isInside, lintedFile, REPO_ROOT, resolveImport } from './resolve-import.js';

const COMMON = path.join(REPO_ROOT, 'packages', 'common');
const BUILTINS = new Set(builtinModules);

/** @param {string} specifier */
const isBuiltin = (specifier) => specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0] ?? '');

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'packages/common imports no other package of ours and no Node built-in.' },
    schema: [],
    messages: {
      ourPackage:
        "packages/common imports '{{specifier}}' from outside packages/common; the shared rules depend on " +
        'nothing of ours (the server and the console import them). Move what it needs into packages/common.',
      builtin:
        "packages/common imports the Node built-in '{{specifier}}'; it also runs in the browser. Use what both " +
        'have (globalThis.crypto, TextEncoder) or pass it in.',
    },
  },
  create(context) {
    const file = lintedFile(context.filename);
    if (!isInside(file, COMMON)) return {};
    return importReferences(({ node, specifier }) => {
      if (isBuiltin(specifier)) {
        context.report({ node, messageId: 'builtin', data: { specifier } });
        return;
      }
      const target = resolveImport(specifier, file);
      if (target === null || isInside(target, COMMON) || !isInside(target, REPO_ROOT)) return;
      if (isInside(target, path.join(REPO_ROOT, 'node_modules'))) return;
      context.report({ node, messageId: 'ourPackage', data: { specifier } });
    });
  },
};
