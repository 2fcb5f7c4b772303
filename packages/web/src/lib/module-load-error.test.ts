import { describe, expect, it } from 'vitest';
import { isModuleLoadError } from './module-load-error';

describe('isModuleLoadError', () => {
  it.each([
    ['Chromium', 'Failed to fetch dynamically imported module: https://acs.example/assets/devices-abc.js'],
    ['Firefox', 'error loading dynamically imported module: https://acs.example/assets/devices-abc.js'],
    ['Safari', 'Importing a module script failed.'],
  ])('recognises the TypeError %s throws for a chunk it cannot load', (_browser, message) => {
    expect(isModuleLoadError(new TypeError(message))).toBe(true);
  });

  it('ignores the same message on an error that is not a TypeError', () => {
    expect(isModuleLoadError(new Error('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      false,
    );
  });

  it('ignores other TypeErrors and values that are not errors', () => {
    expect(isModuleLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(
      false,
    );
    expect(isModuleLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isModuleLoadError(undefined)).toBe(false);
  });
});
