// Every way a TypeScript file can name another module, with whether the reference is erased from
// the JavaScript that runs. The boundary rules share this visitor so none of them misses a form.

/**
 * @typedef {{ type: string, value?: unknown, quasis?: { value: { cooked?: string | null } }[], expressions?: unknown[] }} SourceNode
 * @typedef {{
 *   node: import('eslint').Rule.Node,
 *   specifier: string,
 *   typeOnly: boolean,
 * }} ImportReference
 *   `node` is the string literal naming the module (reports point at it); `typeOnly` is true when
 *   the whole reference is erased at compile time (see isErased below).
 */

/**
 * The string a module reference names, when it is a plain string (dynamic imports of computed
 * strings cannot be judged and are left alone).
 * @param {SourceNode | null | undefined} node
 * @returns {string | null}
 */
function staticString(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions?.length === 0)
    return node.quasis?.[0]?.value.cooked ?? null;
  return null;
}

/**
 * Listeners that call `onReference` for every import, re-export, dynamic import, `import x =
 * require()`, `require()` and `import('...')` type of the file.
 *
 * Type-only means erased: `import type`, `export type`, `import type x = require()` and `import('x')`
 * in a type position. A declaration whose specifiers are all marked `type` inline
 * (`import { type A } from 'x'`) is NOT erased: with verbatimModuleSyntax (tsconfig.base.json) it
 * compiles to `import {} from 'x'`, which loads the module at run time.
 * @param {(reference: ImportReference) => void} onReference
 * @returns {import('eslint').Rule.RuleListener}
 */
export function importReferences(onReference) {
  /**
   * @param {any} sourceNode
   * @param {boolean} typeOnly
   */
  const visit = (sourceNode, typeOnly) => {
    const specifier = staticString(sourceNode);
    if (specifier !== null) onReference({ node: sourceNode, specifier, typeOnly });
  };
  /** @type {Record<string, (node: any) => void>} */
  const listeners = {
    ImportDeclaration: (node) => visit(node.source, node.importKind === 'type'),
    ExportNamedDeclaration: (node) => {
      if (node.source) visit(node.source, node.exportKind === 'type');
    },
    ExportAllDeclaration: (node) => visit(node.source, node.exportKind === 'type'),
    ImportExpression: (node) => visit(node.source, false),
    TSImportEqualsDeclaration: (node) => {
      if (node.moduleReference?.type === 'TSExternalModuleReference') {
        visit(node.moduleReference.expression, node.importKind === 'type');
      }
    },
    TSImportType: (node) => visit(node.source ?? node.argument?.literal, true),
    CallExpression: (node) => {
      if (
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments.length === 1
      ) {
        visit(node.arguments[0], false);
      }
    },
  };
  return /** @type {import('eslint').Rule.RuleListener} */ (listeners);
}
