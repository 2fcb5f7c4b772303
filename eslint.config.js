// One lint set-up for every package (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import provisor from './eslint-rules/index.js';

// Exempt from provisor/server-modules: files that still reach into another module's files. Empty since
// issue 15's core refactor landed (the last one, files/routes.ts, lost the jobs <-> files cycle). Add
// a file only for a refactor in progress, and delete its line once it imports other modules through
// their index.ts only (eslint-rules/config.test.ts fails while a listed file no longer needs it).
/** @type {string[]} */
export const SERVER_MODULES_EXEMPT = [];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['packages/cwmp/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // The codec is pure: no I/O, no framework (architecture.md).
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'http', 'net', 'fastify', '@provisor/*'] },
      ],
    },
  },
  {
    files: ['packages/common/src/**/*.ts'],
    plugins: { provisor },
    rules: {
      // Shared by the console and the server: runs in both, so no Node, no DOM, nothing of ours.
      'provisor/common-pure': 'error',
    },
  },
  // The package boundaries (issue 15, point 4; eslint-rules/). Imports are judged by the file they
  // land on, whatever the spelling (`../x`, `@/features/x`, `@provisor/server/...`).
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { provisor },
    rules: {
      'provisor/web-features': 'error',
      'provisor/web-server-types': 'error',
    },
  },
  {
    files: ['packages/server/src/modules/**/*.ts'],
    plugins: { provisor },
    rules: {
      'provisor/server-modules': 'error',
    },
  },
  // ESLint refuses a config object with `files: []`: add the exemption only when something is listed.
  ...(SERVER_MODULES_EXEMPT.length > 0
    ? [{ files: SERVER_MODULES_EXEMPT, rules: { 'provisor/server-modules': /** @type {const} */ ('off') } }]
    : []),
);
