// `--model` resolution: `tr181` (built in), a path to a CSV dump, or a short name such as
// `eg8145v5` matched case-insensitively against the CSV file names in the models directory.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtinTr181Model } from './builtin-tr181';
import { ModelError, loadCsvModel } from './csv-model';
import type { DeviceModel } from './csv-model';

export const BUILTIN_MODEL = 'tr181';

/**
 * Loads the model `spec` names. `modelsDir` is searched for short names (the CLI passes
 * --models-dir or PROVISOR_SIM_MODELS). Throws ModelError saying what to do when nothing matches.
 */
export function resolveModel(spec: string, modelsDir?: string): DeviceModel {
  if (spec.toLowerCase() === BUILTIN_MODEL) return builtinTr181Model();
  if (spec.toLowerCase().endsWith('.csv') || spec.includes('/')) {
    if (!existsSync(spec)) throw new ModelError(`The model file ${spec} does not exist.`);
    return loadCsvModel(spec);
  }
  if (modelsDir === undefined || modelsDir === '') {
    throw new ModelError(
      `Cannot resolve the model "${spec}": no models directory. Pass --models-dir DIR (or set ` +
        `PROVISOR_SIM_MODELS) to a folder of GenieACS CSV dumps, give a path to a .csv file, or use "tr181".`,
    );
  }
  if (!existsSync(modelsDir) || !statSync(modelsDir).isDirectory()) {
    throw new ModelError(`The models directory ${modelsDir} does not exist or is not a directory.`);
  }
  const csvs = readdirSync(modelsDir).filter((f) => f.toLowerCase().endsWith('.csv'));
  const matches = csvs.filter((f) => f.toLowerCase().includes(spec.toLowerCase()));
  if (matches.length === 1) {
    const file = matches[0] as string;
    return loadCsvModel(join(modelsDir, file), spec.toLowerCase());
  }
  const available = csvs.length > 0 ? csvs.join(', ') : '(no .csv files)';
  if (matches.length === 0) {
    throw new ModelError(
      `No model matches "${spec}" in ${modelsDir}. Available: ${available}. Use part of a file name, ` +
        `a path to a .csv file, or "tr181".`,
    );
  }
  throw new ModelError(
    `"${spec}" matches several models in ${modelsDir}: ${matches.join(', ')}. Use a longer part of the file name.`,
  );
}
