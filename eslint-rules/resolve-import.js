// Where an import specifier lands, so that the boundary rules judge `../x`, `@/features/y` and
// `@provisor/server/...` alike. Resolution is by path, not by probing for every file: a rule must
// judge an import the same way whether or not its target exists yet (the rule tests rely on it),
// and an import TypeScript cannot resolve is a typecheck error anyway.
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository root: this folder's parent. */
export const REPO_ROOT = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

const INDEX_FILES = ['index.ts', 'index.tsx', 'index.js'];

/**
 * @typedef {{ pattern: string, targets: string[] }} PathAlias  targets are absolute, with the `*` kept
 * @typedef {{ dir: string, exports: unknown }} WorkspacePackage
 */

/** @type {Map<string, PathAlias[]>} tsconfig.json file -> its `paths`, `extends` followed */
const aliasesByConfig = new Map();
/** @type {Map<string, string | null>} folder -> the tsconfig.json that governs it */
const configByDir = new Map();
/** @type {Map<string, Map<string, WorkspacePackage>>} repo root -> workspace package name -> package */
const workspacesByRoot = new Map();

/**
 * The absolute path an import specifier lands on (symbolic links followed, a folder replaced by its
 * index file), or null for a third-party package or a Node built-in.
 * @param {string} specifier
 * @param {string} fromFile absolute path of the importing file
 * @param {string} [root] repository root
 * @returns {string | null}
 */
export function resolveImport(specifier, fromFile, root = REPO_ROOT) {
  const lexical = lexicalTarget(specifier, fromFile, root);
  return lexical === null ? null : canonical(lexical);
}

/**
 * The file being linted, symbolic links followed, so that it compares with resolved targets and
 * REPO_ROOT (ESLint names files by the working directory's spelling).
 * @param {string} file
 * @returns {string}
 */
export function lintedFile(file) {
  return canonical(path.resolve(file));
}

/**
 * @param {string} specifier
 * @param {string} fromFile
 * @param {string} root
 * @returns {string | null}
 */
function lexicalTarget(specifier, fromFile, root) {
  if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')) {
    return path.resolve(path.dirname(fromFile), specifier);
  }
  if (path.isAbsolute(specifier)) return path.normalize(specifier);
  const aliased = viaPathAlias(specifier, fromFile, root);
  if (aliased !== null) return aliased;
  return viaWorkspacePackage(specifier, root);
}

/**
 * TypeScript's `compilerOptions.paths` of the tsconfig.json nearest to the importing file (the same
 * aliases Vite is given, e.g. `@/*` -> `packages/web/src/*`).
 * @param {string} specifier
 * @param {string} fromFile
 * @param {string} root
 * @returns {string | null}
 */
function viaPathAlias(specifier, fromFile, root) {
  const config = governingConfig(path.dirname(fromFile), root);
  if (config === null) return null;
  for (const { pattern, targets } of aliasesOf(config)) {
    const target = targets[0];
    if (target === undefined) continue;
    const star = pattern.indexOf('*');
    if (star < 0) {
      if (specifier === pattern) return target;
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (
      specifier.length >= prefix.length + suffix.length &&
      specifier.startsWith(prefix) &&
      specifier.endsWith(suffix)
    ) {
      const matched = specifier.slice(prefix.length, specifier.length - suffix.length);
      return target.replace('*', matched);
    }
  }
  return null;
}

/**
 * @param {string} dir
 * @param {string} root
 * @returns {string | null}
 */
function governingConfig(dir, root) {
  const cached = configByDir.get(dir);
  if (cached !== undefined) return cached;
  const candidate = path.join(dir, 'tsconfig.json');
  const parent = path.dirname(dir);
  /** @type {string | null} */
  let found;
  if (existsSync(candidate)) found = candidate;
  else if (dir === root || parent === dir || !isInside(parent, root)) found = null;
  else found = governingConfig(parent, root);
  configByDir.set(dir, found);
  return found;
}

/**
 * @param {string} configFile
 * @returns {PathAlias[]}
 */
function aliasesOf(configFile) {
  const cached = aliasesByConfig.get(configFile);
  if (cached) return cached;
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  /** @type {{ extends?: unknown, compilerOptions?: { paths?: Record<string, string[]>, baseUrl?: string } }} */
  const config = read.config ?? {};
  const dir = path.dirname(configFile);
  /** @type {PathAlias[]} */
  let aliases = [];
  if (typeof config.extends === 'string' && config.extends.startsWith('.')) {
    const base = path.resolve(dir, config.extends);
    aliases = aliasesOf(base.endsWith('.json') ? base : `${base}.json`);
  }
  const paths = config.compilerOptions?.paths;
  if (paths) {
    // TypeScript: `paths` are relative to `baseUrl` if set, else to the tsconfig.json declaring them.
    const base = path.resolve(dir, config.compilerOptions?.baseUrl ?? '.');
    aliases = Object.entries(paths).map(([pattern, targets]) => ({
      pattern,
      targets: targets.map((target) => path.resolve(base, target)),
    }));
  }
  aliasesByConfig.set(configFile, aliases);
  return aliases;
}

/**
 * `@provisor/server` and `@provisor/server/...`: the npm workspaces of the root package.json.
 * @param {string} specifier
 * @param {string} root
 * @returns {string | null}
 */
function viaWorkspacePackage(specifier, root) {
  for (const [name, pkg] of workspacePackages(root)) {
    if (specifier === name) return path.resolve(pkg.dir, exportTarget(pkg.exports, '.') ?? '.');
    if (specifier.startsWith(`${name}/`)) {
      const subpath = specifier.slice(name.length + 1);
      return path.resolve(pkg.dir, exportTarget(pkg.exports, `./${subpath}`) ?? subpath);
    }
  }
  return null;
}

/**
 * @param {unknown} exports
 * @param {string} key
 * @returns {string | null}
 */
function exportTarget(exports, key) {
  if (key === '.' && typeof exports === 'string') return exports;
  if (exports === null || typeof exports !== 'object') return null;
  /** @type {unknown} */
  let entry = /** @type {Record<string, unknown>} */ (exports)[key];
  while (entry !== null && typeof entry === 'object') {
    const conditions = /** @type {Record<string, unknown>} */ (entry);
    entry = conditions.types ?? conditions.import ?? conditions.default;
  }
  return typeof entry === 'string' ? entry : null;
}

/**
 * @param {string} root
 * @returns {Map<string, WorkspacePackage>}
 */
function workspacePackages(root) {
  const cached = workspacesByRoot.get(root);
  if (cached) return cached;
  /** @type {Map<string, WorkspacePackage>} */
  const packages = new Map();
  /** @type {{ workspaces?: string[] }} */
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const entry of manifest.workspaces ?? []) {
    const dirs = entry.endsWith('/*')
      ? readdirSync(path.join(root, entry.slice(0, -2))).map((name) =>
          path.join(root, entry.slice(0, -2), name),
        )
      : [path.join(root, entry)];
    for (const dir of dirs) {
      const file = path.join(dir, 'package.json');
      if (!existsSync(file)) continue;
      /** @type {{ name?: string, exports?: unknown }} */
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      if (pkg.name) packages.set(pkg.name, { dir, exports: pkg.exports });
    }
  }
  workspacesByRoot.set(root, packages);
  return packages;
}

/**
 * Follows symbolic links in the part of the path that exists (`node_modules/@provisor/server` ->
 * `packages/server`) and turns a folder into its index file.
 * @param {string} target
 * @returns {string}
 */
function canonical(target) {
  let existing = target;
  /** @type {string[]} */
  const rest = [];
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) return target;
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  const real = path.join(realpathSync(existing), ...rest);
  if (rest.length === 0 && statSync(real).isDirectory()) {
    const index = INDEX_FILES.map((name) => path.join(real, name)).find((file) => existsSync(file));
    if (index) return index;
  }
  return real;
}

/**
 * @param {string} file
 * @param {string} dir
 * @returns {boolean}
 */
export function isInside(file, dir) {
  const relative = path.relative(dir, file);
  return relative === '' || (!isUpward(relative) && !path.isAbsolute(relative));
}

/**
 * The path segments of `file` below `dir`, or null when it is not below it.
 * @param {string} file
 * @param {string} dir
 * @returns {string[] | null}
 */
export function segmentsBelow(file, dir) {
  const relative = path.relative(dir, file);
  if (relative === '' || isUpward(relative) || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

/**
 * @param {string} relative
 * @returns {boolean}
 */
function isUpward(relative) {
  return relative === '..' || relative.startsWith(`..${path.sep}`);
}
