// spec §5 Profile: the value inputs follow the template's JSON schema.

import { isSecretName } from '@/lib/secrets';
import type { ProfileTemplate } from '../api/get-profile-templates';

export type FieldKind = 'enum' | 'boolean' | 'number' | 'string' | 'password' | 'json';

export interface FieldSpec {
  name: string;
  /** The schema's title, else the field name. */
  label: string;
  kind: FieldKind;
  /** integer or number (integers parse with parseInt). */
  integer: boolean;
  /** object or array, for the JSON text area. */
  jsonType?: 'object' | 'array';
  options?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  required: boolean;
  description?: string;
  defaultValue?: unknown;
}

type SchemaProperty = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function fieldOf(name: string, property: SchemaProperty, required: boolean): FieldSpec {
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
  const spec: FieldSpec = {
    name,
    label: typeof property.title === 'string' && property.title.trim() ? property.title : name,
    kind: 'string',
    integer: type === 'integer',
    required,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    ...(property.default !== undefined ? { defaultValue: property.default } : {}),
  };
  if (Array.isArray(property.enum)) return { ...spec, kind: 'enum', options: property.enum.map(String) };
  if (type === 'boolean') return { ...spec, kind: 'boolean' };
  if (type === 'integer' || type === 'number') {
    const minimum = num(property.minimum);
    const maximum = num(property.maximum);
    return {
      ...spec,
      kind: 'number',
      ...(minimum !== undefined ? { minimum } : {}),
      ...(maximum !== undefined ? { maximum } : {}),
    };
  }
  if (type === 'object' || type === 'array') return { ...spec, kind: 'json', jsonType: type };
  const minLength = num(property.minLength);
  const maxLength = num(property.maxLength);
  return {
    ...spec,
    // spec §5: a password input when the field name contains "password"; so too for every other
    // secret (a passphrase, a pre-shared key: lib/secrets.ts), which lists show masked.
    kind: isSecretName(name) ? 'password' : 'string',
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
  };
}

/**
 * The fields of a template: its schema's properties, then mapped fields the schema does not
 * describe (typed by their mapping entry).
 */
export function fieldsOf(template: ProfileTemplate | undefined): FieldSpec[] {
  if (!template) return [];
  const schema = isObject(template.schema) ? template.schema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const fields = Object.entries(properties)
    .filter((entry): entry is [string, SchemaProperty] => isObject(entry[1]))
    .map(([name, property]) => fieldOf(name, property, required.has(name)));
  const known = new Set(fields.map((field) => field.name));
  for (const entry of template.mapping ?? []) {
    if (known.has(entry.field)) continue;
    known.add(entry.field);
    const type = entry.type === 'number' ? 'number' : entry.type;
    fields.push(fieldOf(entry.field, { type }, entry.required));
  }
  return fields;
}

/** spec §5: integer and number parse to numbers; an invalid entry becomes 0. */
export function parseNumberInput(text: string, integer: boolean): number {
  const value = integer ? Number.parseInt(text, 10) : Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

/** How a stored value shows in its input. */
export function inputText(field: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'json') return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return String(value);
}

/** A JSON text area's text as its value; undefined (with the spec's message) when it does not read. */
export function parseJsonInput(
  text: string,
  type: 'object' | 'array' | undefined,
): { value?: unknown; error?: string } {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (type === 'array' ? !Array.isArray(value) : type === 'object' ? !isObject(value) : false) {
      return { error: 'Invalid JSON format' };
    }
    return { value };
  } catch {
    return { error: 'Invalid JSON format' };
  }
}
