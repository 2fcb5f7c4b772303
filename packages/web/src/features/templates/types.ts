// The server's answers for templates (packages/server/src/modules/templates).

export type DataModel = 'TR-181' | 'TR-098';
export const DATA_MODELS: readonly DataModel[] = ['TR-181', 'TR-098'];

export type MappingType = 'string' | 'number' | 'boolean' | 'object' | 'array';
export const MAPPING_TYPES: readonly MappingType[] = ['string', 'number', 'boolean', 'object', 'array'];

export interface MappingEntry {
  field: string;
  param: string;
  type: MappingType;
  required: boolean;
  defaultValue?: unknown;
  description?: string;
  valueMap?: Record<string, string | number | boolean>;
}

export interface Template {
  id: string;
  name: string;
  vendor: string;
  model: string;
  dataModel: DataModel;
  version: string;
  description: string;
  mapping: MappingEntry[];
  schema: Record<string, unknown>;
  parameterCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateList {
  templates: Template[];
  total: number;
  limit: number;
  offset: number;
}

/** What create, update and import send (spec §3 Template). */
export interface TemplateInput {
  name: string;
  vendor: string;
  model: string;
  dataModel: DataModel;
  version: string;
  description: string;
  mapping: MappingEntry[];
  schema: Record<string, unknown>;
}

/** Create, update and import answer the template and the data-model check's warnings. */
export interface TemplateAnswer {
  template: Template;
  warnings?: string[];
}
