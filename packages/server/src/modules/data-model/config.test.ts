import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('PROVISOR_DATA_MODELS_DIR', () => {
  it('is unset by default (the data-model check is skipped)', () => {
    expect(loadConfig({}).dataModelsDir).toBeNull();
  });

  it('resolves a directory and refuses anything else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'provisor-dm-'));
    try {
      expect(loadConfig({ PROVISOR_DATA_MODELS_DIR: dir }).dataModelsDir).toBe(dir);
      writeFileSync(join(dir, 'file.xml'), '');
      expect(() => loadConfig({ PROVISOR_DATA_MODELS_DIR: join(dir, 'file.xml') })).toThrow(ConfigError);
      expect(() => loadConfig({ PROVISOR_DATA_MODELS_DIR: join(dir, 'missing') })).toThrow(
        /PROVISOR_DATA_MODELS_DIR must be a directory/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
