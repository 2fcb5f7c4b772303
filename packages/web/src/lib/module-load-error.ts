/**
 * What each browser throws when `import()` cannot load a chunk (a stale hashed name after an upgrade
 * answers 404, or the network is gone). All three throw a TypeError; only the message differs.
 */
const MODULE_LOAD_FAILURES = [
  /failed to fetch dynamically imported module/i, // Chromium (and so Vite's dev server in Chrome)
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
];

/** True when `error` is a failed dynamic import rather than a bug in the screen itself. */
export function isModuleLoadError(error: unknown): boolean {
  return error instanceof TypeError && MODULE_LOAD_FAILURES.some((pattern) => pattern.test(error.message));
}
