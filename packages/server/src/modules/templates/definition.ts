// A template definition as people send it (create, update, import): checked field by field, every
// problem reported in words that say what to fix (spec §5 Template).
import { DATA_MODELS, type DataModelName } from '../../db/tables/templates';
import type { SchemaCompiler } from './json-schema';

import {
  MAPPING_TYPES,
  type MappingEntry as ContractMappingEntry,
  type MappingType,
  type TemplateFile,
} from '../../contract/templates';

export { MAPPING_TYPES, type MappingType };

/**
 * One profile field mapped to one CWMP parameter. `valueMap` translates the field's values into
 * the model's own (e.g. "WPA2-PSK" -> "11i" for TR-098 BeaconType); a value missing from the map
 * is a validation error. Mapped values may be numbers or booleans, which then set the type.
 */
export type MappingEntry = ContractMappingEntry;

/** A template as people send it and as an export file holds it. */
export type TemplateDefinition = TemplateFile;

export const DEFAULT_DATA_MODEL: DataModelName = 'TR-181';
export const DEFAULT_VERSION = '1.0.0';
export const MAX_MAPPING_ENTRIES = 2000;

const KNOWN_KEYS = new Set([
  'name',
  'vendor',
  'model',
  'dataModel',
  'version',
  'description',
  'mapping',
  'schema',
  // Carried by exported files and ignored on import.
  'id',
  'parameterCount',
  'createdAt',
  'updatedAt',
]);
const ENTRY_KEYS = new Set(['field', 'param', 'type', 'required', 'defaultValue', 'description', 'valueMap']);
const FIELD = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;
// TR-106 3.1 names: letters, digits, _ and -; instance numbers, or `{i}` placeholders.
const PATH = /^[A-Za-z_][\w-]*(\.([A-Za-z_][\w-]*|\d+|\{i\}))+$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Does a value have the JSON type a mapping entry declares? */
export function hasMappingType(type: MappingType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
  }
}

function text(
  raw: Record<string, unknown>,
  key: string,
  label: string,
  errors: string[],
  max: number,
  fallback?: string,
): string {
  const value = raw[key];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (fallback !== undefined) return fallback;
    errors.push(`${label} is required`);
    return '';
  }
  if (typeof value !== 'string') {
    errors.push(`${label} must be text`);
    return '';
  }
  if (value.trim().length > max) errors.push(`${label} must be at most ${max} characters`);
  return value.trim();
}

function checkEntry(raw: unknown, index: number, errors: string[]): MappingEntry | null {
  const at = `Mapping entry ${index + 1}`;
  if (!isObject(raw)) {
    errors.push(`${at} must be an object with field, param and type`);
    return null;
  }
  const before = errors.length;
  const label = typeof raw.field === 'string' && raw.field ? `${at} (${raw.field})` : at;
  for (const key of Object.keys(raw)) {
    if (!ENTRY_KEYS.has(key)) errors.push(`${label}: "${key}" is not a mapping property`);
  }
  if (typeof raw.field !== 'string' || raw.field.trim() === '') errors.push(`${at}: field is required`);
  else if (!FIELD.test(raw.field))
    errors.push(`${label}: field must be letters, digits, _ or - (e.g. wifi_ssid)`);
  if (typeof raw.param !== 'string' || raw.param.trim() === '') errors.push(`${label}: param is required`);
  else if (!PATH.test(raw.param))
    errors.push(`${label}: param "${raw.param}" is not a CWMP parameter path (e.g. Device.WiFi.SSID.1.SSID)`);
  if (!MAPPING_TYPES.includes(raw.type as MappingType))
    errors.push(`${label}: type must be one of ${MAPPING_TYPES.join(', ')}`);
  if (raw.required !== undefined && typeof raw.required !== 'boolean')
    errors.push(`${label}: required must be true or false`);
  if (raw.description !== undefined && typeof raw.description !== 'string')
    errors.push(`${label}: description must be text`);
  if (raw.valueMap !== undefined) {
    if (!isObject(raw.valueMap) || Object.keys(raw.valueMap).length === 0)
      errors.push(`${label}: valueMap must be an object of field value -> parameter value`);
    else if (Object.values(raw.valueMap).some((v) => !['string', 'number', 'boolean'].includes(typeof v)))
      errors.push(`${label}: valueMap values must be text, numbers or true/false`);
  }
  const type = raw.type as MappingType;
  const defaultValue = raw.defaultValue ?? undefined;
  if (defaultValue !== undefined && MAPPING_TYPES.includes(type) && !hasMappingType(type, defaultValue))
    errors.push(`${label}: defaultValue must be of type ${type}`);
  if (errors.length > before) return null;
  return {
    field: raw.field as string,
    param: (raw.param as string).trim(),
    type,
    required: raw.required === true,
    ...(defaultValue !== undefined ? { defaultValue } : {}),
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    ...(raw.valueMap !== undefined ? { valueMap: raw.valueMap as MappingEntry['valueMap'] } : {}),
  };
}

/** Checks a whole definition; answers the definition, or every problem found. */
export function parseDefinition(
  raw: unknown,
  compiler: SchemaCompiler,
): { definition: TemplateDefinition; errors: [] } | { definition: null; errors: string[] } {
  if (!isObject(raw)) return { definition: null, errors: ['The template must be a JSON object'] };
  const errors: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!KNOWN_KEYS.has(key)) errors.push(`"${key}" is not a template property`);
  }
  // spec §5 Template: these three messages, letter for letter.
  const name = text(raw, 'name', 'Name', errors, 200);
  const vendor = text(raw, 'vendor', 'Vendor', errors, 200);
  const model = text(raw, 'model', 'Model', errors, 200);
  const version = text(raw, 'version', 'Version', errors, 64, DEFAULT_VERSION);
  const description = text(raw, 'description', 'Description', errors, 4000, '');
  const dataModel = (raw.dataModel ?? DEFAULT_DATA_MODEL) as DataModelName;
  if (!DATA_MODELS.includes(dataModel)) errors.push(`Data model must be one of ${DATA_MODELS.join(', ')}`);

  const mapping: MappingEntry[] = [];
  const rawMapping = raw.mapping ?? [];
  if (!Array.isArray(rawMapping)) errors.push('Mapping must be a list of mapping entries');
  else if (rawMapping.length > MAX_MAPPING_ENTRIES)
    errors.push(`Mapping may have at most ${MAX_MAPPING_ENTRIES} entries`);
  else {
    const fields = new Set<string>();
    const params = new Set<string>();
    rawMapping.forEach((entry, i) => {
      const e = checkEntry(entry, i, errors);
      if (!e) return;
      if (fields.has(e.field)) errors.push(`Mapping entry ${i + 1}: field ${e.field} is mapped twice`);
      if (params.has(e.param)) errors.push(`Mapping entry ${i + 1}: param ${e.param} is mapped twice`);
      fields.add(e.field);
      params.add(e.param);
      mapping.push(e);
    });
  }

  const schema = raw.schema ?? { type: 'object' };
  if (!isObject(schema)) errors.push('Invalid JSON schema: the schema must be a JSON object');
  else {
    const problem = compiler.problemWith(schema);
    if (problem) errors.push(`Invalid JSON schema: ${problem}`);
  }
  if (errors.length > 0) return { definition: null, errors };
  return {
    definition: {
      name,
      vendor,
      model,
      dataModel,
      version,
      description,
      mapping,
      schema: schema as Record<string, unknown>,
    },
    errors: [],
  };
}
