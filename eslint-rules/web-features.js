// Rule a of issue 15: a console feature (packages/web/src/features/<A>/) never imports another
// feature (bulletproof-react; architecture.md "Console"). What two features share belongs in
// src/lib, src/components or src/hooks; src/app composes the features into routes.
import path from 'node:path';
import { importReferences } from './import-sources.js';
import { lintedFile, REPO_ROOT, resolveImport, segmentsBelow } from './resolve-import.js';

const FEATURES = path.join(REPO_ROOT, 'packages', 'web', 'src', 'features');

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature must not import another web feature.' },
    schema: [],
    messages: {
      otherFeature:
        "Feature '{{own}}' imports '{{specifier}}', which is part of feature '{{other}}'; features do not " +
        'import each other. Move what both need to src/lib, src/components or src/hooks.',
    },
  },
  create(context) {
    const file = lintedFile(context.filename);
    const from = segmentsBelow(file, FEATURES);
    const own = from && from.length >= 2 ? from[0] : undefined;
    if (own === undefined) return {};
    return importReferences(({ node, specifier }) => {
      const target = resolveImport(specifier, file);
      const to = target === null ? null : segmentsBelow(target, FEATURES);
      const other = to?.[0];
      if (other === undefined || other === own) return;
      context.report({ node, messageId: 'otherFeature', data: { own, specifier, other } });
    });
  },
};
