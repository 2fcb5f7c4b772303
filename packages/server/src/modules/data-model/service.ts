// The data-model check: template mapping paths against the Broadband Forum models in a configured
// directory (PROVISOR_DATA_MODELS_DIR). Models are read once, on first use, and kept.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { XsdType } from '@provisor/cwmp';
import type { FastifyBaseLogger } from 'fastify';
import type { DataModelName } from '../../db/tables/templates';
import { dataModelNameOf, parseBbfXml, type DataModel, type ParameterInfo } from './bbf-loader';

export const SKIPPED_WARNING =
  'Data-model check skipped: no BBF data models configured (PROVISOR_DATA_MODELS_DIR)';

export type MappingKind = 'string' | 'number' | 'boolean' | 'object' | 'array';

export interface PathToCheck {
  field: string;
  param: string;
  /** What the field's values are once mapped (a valueMap may turn strings into numbers). */
  kind: MappingKind;
}

export interface CheckResult {
  errors: string[];
  warnings: string[];
  /** Parameter path -> its type in the model, for paths the model knows. */
  types: Map<string, XsdType>;
}

const NUMERIC = new Set<XsdType>(['int', 'unsignedInt', 'long', 'unsignedLong', 'decimal']);

/** Can values of this mapping kind be set on a parameter of this xsd type? */
export function kindFits(kind: MappingKind, type: XsdType): boolean {
  if (type === 'boolean') return kind === 'boolean';
  if (NUMERIC.has(type)) return kind === 'number';
  // string, dateTime, base64, hexBinary: text; numbers and JSON render to text, booleans do not.
  return kind !== 'boolean';
}

/** Instance numbers become `{i}`, as the model names them: Device.WiFi.SSID.1.SSID -> ...{i}.SSID. */
export function modelPathOf(path: string): string {
  return path
    .split('.')
    .map((s) => (/^\d+$/.test(s) ? '{i}' : s))
    .join('.');
}

export interface DataModelsOptions {
  /** Directory of BBF data-model XML files; null skips the check. */
  dir: string | null;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export function createDataModelsService({ dir, log }: DataModelsOptions) {
  let loading: Promise<Map<DataModelName, DataModel>> | null = null;

  async function loadAll(): Promise<Map<DataModelName, DataModel>> {
    const models = new Map<DataModelName, DataModel>();
    if (!dir) return models;
    let names: string[];
    try {
      names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith('.xml')).sort();
    } catch (err) {
      log?.error({ err, dir }, 'cannot read the BBF data-model directory; the data-model check is skipped');
      return models;
    }
    for (const name of names) {
      try {
        const model = parseBbfXml(await readFile(join(dir, name), 'utf8'));
        const which = dataModelNameOf(model);
        if (!which) continue;
        const known = models.get(which);
        // Several files of one model (e.g. two versions): the larger one wins.
        if (!known || known.parameters.size < model.parameters.size) models.set(which, model);
      } catch (err) {
        log?.warn({ err, file: name }, 'skipped a file of the BBF data-model directory');
      }
    }
    log?.info(
      { models: [...models.entries()].map(([k, m]) => `${k} (${m.name}, ${m.parameters.size} parameters)`) },
      'BBF data models loaded',
    );
    return models;
  }

  function models(): Promise<Map<DataModelName, DataModel>> {
    loading ??= loadAll();
    return loading;
  }

  return {
    configured: dir !== null,

    /** The model of that name, or null when none is configured or found. */
    async get(name: DataModelName): Promise<DataModel | null> {
      return (await models()).get(name) ?? null;
    },

    /**
     * Checks mapping paths: each must be a writable parameter of the model whose type fits.
     * Vendor extensions (a segment starting with X_) pass with a warning. Instance numbers match
     * `{i}`; whether a path is concrete is the renderer's concern.
     */
    async check(dataModel: DataModelName, paths: readonly PathToCheck[]): Promise<CheckResult> {
      const result: CheckResult = { errors: [], warnings: [], types: new Map() };
      if (!dir) {
        result.warnings.push(SKIPPED_WARNING);
        return result;
      }
      const model = await this.get(dataModel);
      if (!model) {
        result.warnings.push(
          `Data-model check skipped: no ${dataModel} model found in ${dir} (PROVISOR_DATA_MODELS_DIR)`,
        );
        return result;
      }
      for (const p of paths) {
        const outcome = checkPath(model, dataModel, p);
        if (outcome.error) result.errors.push(outcome.error);
        if (outcome.warning) result.warnings.push(outcome.warning);
        if (outcome.info) result.types.set(p.param, outcome.info.type);
      }
      return result;
    },
  };
}

function checkPath(
  model: DataModel,
  dataModel: DataModelName,
  { field, param, kind }: PathToCheck,
): { error?: string; warning?: string; info?: ParameterInfo } {
  const where = `Parameter "${param}" (field ${field})`;
  if (!param.startsWith(model.root)) {
    return { error: `${where} is not a ${dataModel} path; ${dataModel} paths start with "${model.root}"` };
  }
  const segments = param.split('.');
  const vendorAt = segments.findIndex((s) => s.startsWith('X_'));
  if (vendorAt >= 0) {
    // Vendor extensions are not in the BBF model; the standard object they hang off must be.
    const parent = modelPathOf(segments.slice(0, vendorAt).join('.')) + '.';
    if (!model.objects.has(parent)) {
      return { error: `${where} hangs off "${parent}", which is not an object of the ${dataModel} model` };
    }
    return {
      warning: `${where} is a vendor extension (X_...); it is not checked against the ${dataModel} model`,
    };
  }
  const info = model.parameters.get(modelPathOf(param));
  if (!info) {
    return { error: `${where} is not in the ${dataModel} data model (${model.name}); check the path` };
  }
  if (info.access === 'readOnly') {
    return { error: `${where} is read-only in the ${dataModel} data model; map a writable parameter` };
  }
  if (!kindFits(kind, info.type)) {
    return {
      error: `${where} is of type ${info.type} in the ${dataModel} data model; a ${kind} field cannot set it`,
      info,
    };
  }
  return { info };
}

export type DataModelsService = ReturnType<typeof createDataModelsService>;
