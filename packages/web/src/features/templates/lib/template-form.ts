// The template form: its text state, the checks of spec §5 Template, and what it sends.
import { isApiError } from '@/lib/api-error';
import type {
  DataModel,
  MappingEntry,
  MappingType,
  Template,
  TemplateInput,
} from '@provisor/server/contract';

/** spec §9: template defaults. */
export const DEFAULT_DATA_MODEL: DataModel = 'TR-181';
export const DEFAULT_VERSION = '1.0.0';
export const DEFAULT_SCHEMA_TEXT = JSON.stringify({ type: 'object', properties: {} }, null, 2);

/** One mapping row as typed; `extra` keeps what the editor does not show (description, valueMap). */
export interface MappingRow {
  key: number;
  field: string;
  param: string;
  type: MappingType;
  required: boolean;
  defaultValue: string;
  extra: Pick<MappingEntry, 'description' | 'valueMap'>;
}

export interface TemplateFormValues {
  name: string;
  vendor: string;
  model: string;
  dataModel: DataModel;
  version: string;
  description: string;
  mapping: MappingRow[];
  schemaText: string;
}

export type TemplateFormErrors = Partial<Record<'name' | 'vendor' | 'model' | 'schemaText', string>>;

let nextRowKey = 1;

export function emptyMappingRow(): MappingRow {
  return {
    key: nextRowKey++,
    field: '',
    param: '',
    type: 'string',
    required: false,
    defaultValue: '',
    extra: {},
  };
}

/** A default value as the editor shows it: text as is, anything else as JSON. */
function defaultText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function formValuesOf(template?: Template): TemplateFormValues {
  if (!template) {
    return {
      name: '',
      vendor: '',
      model: '',
      dataModel: DEFAULT_DATA_MODEL,
      version: DEFAULT_VERSION,
      description: '',
      mapping: [],
      schemaText: DEFAULT_SCHEMA_TEXT,
    };
  }
  return {
    name: template.name,
    vendor: template.vendor,
    model: template.model,
    dataModel: template.dataModel,
    version: template.version,
    description: template.description,
    mapping: template.mapping.map((entry) => ({
      key: nextRowKey++,
      field: entry.field,
      param: entry.param,
      type: entry.type,
      required: entry.required,
      defaultValue: defaultText(entry.defaultValue),
      extra: {
        ...(entry.description !== undefined ? { description: entry.description } : {}),
        ...(entry.valueMap !== undefined ? { valueMap: entry.valueMap } : {}),
      },
    })),
    schemaText: JSON.stringify(template.schema, null, 2),
  };
}

/** Parses schema text; null when it is not a JSON object. */
export function parseSchemaText(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** spec §5 Template: the three required fields, and the schema must be valid JSON on submit. */
export function validateTemplateForm(values: TemplateFormValues): TemplateFormErrors {
  const errors: TemplateFormErrors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.vendor.trim()) errors.vendor = 'Vendor is required';
  if (!values.model.trim()) errors.model = 'Model is required';
  if (parseSchemaText(values.schemaText) === null) errors.schemaText = 'Invalid JSON schema';
  return errors;
}

/** spec §5 Template: leaving the schema editor with text that is not JSON. */
export function schemaBlurError(text: string): string | undefined {
  return parseSchemaText(text) === null ? 'Invalid JSON format' : undefined;
}

/**
 * A typed default value: numbers, true/false and JSON are read by the row's type; text that does
 * not read goes as typed, and the server says what is wrong with it.
 */
export function parseDefaultValue(type: MappingType, text: string): unknown {
  if (text.trim() === '') return undefined;
  if (type === 'string') return text;
  if (type === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What create and update send. Call after validateTemplateForm found nothing. */
export function toTemplateInput(values: TemplateFormValues): TemplateInput {
  return {
    name: values.name.trim(),
    vendor: values.vendor.trim(),
    model: values.model.trim(),
    dataModel: values.dataModel,
    version: values.version.trim() || DEFAULT_VERSION,
    description: values.description.trim(),
    mapping: values.mapping.map((row) => {
      const defaultValue = parseDefaultValue(row.type, row.defaultValue);
      return {
        field: row.field.trim(),
        param: row.param.trim(),
        type: row.type,
        required: row.required,
        ...(defaultValue !== undefined ? { defaultValue } : {}),
        ...row.extra,
      };
    }),
    schema: parseSchemaText(values.schemaText) ?? {},
  };
}

/** spec §2 Templates: the name with spaces replaced by underscores plus "_template.json". */
export function exportFileName(name: string): string {
  return `${name.replace(/ /g, '_')}_template.json`;
}

/** The problems of a refused template: the server's `errors` list, else its message. */
export function serverProblems(error: unknown): { title: string; items: string[] } {
  if (!isApiError(error) || error.kind !== 'HTTP') {
    return { title: error instanceof Error ? error.message : 'Request failed', items: [] };
  }
  const title = error.serverError ?? error.message;
  const listed = error.serverErrors.filter((e) => e !== title);
  if (error.serverErrors.length > 0) return { title, items: listed };
  const message = error.serverMessage ?? '';
  return { title, items: message && message !== title ? [message] : [] };
}

/** spec §8 Import failure: the server's message if present, else "Import failed". */
export function importFailureText(error: unknown): string {
  if (isApiError(error) && error.kind === 'HTTP') {
    return error.serverMessage ?? error.serverError ?? 'Import failed';
  }
  return 'Import failed';
}

/**
 * The server's warnings worth an operator's reading: those about this template (a vendor extension
 * that no data model checks). "Data-model check skipped: ..." is about the server's configuration
 * (PROVISOR_DATA_MODELS_DIR), the same for every template, and nothing the operator can act on here.
 */
export function operatorWarnings(warnings: readonly string[]): string[] {
  return warnings.filter((warning) => !warning.startsWith('Data-model check skipped'));
}
