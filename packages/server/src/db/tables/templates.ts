import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DataModel } from '../../contract/templates';

export { DATA_MODELS } from '../../contract/templates';
export type DataModelName = DataModel;

/** A configuration template: profile fields mapped to CWMP parameter paths (spec §3 Template). */
export interface TemplatesTable {
  id: string;
  name: string;
  vendor: string;
  model: string;
  data_model: DataModelName;
  version: string;
  description: string;
  /** JSON array of mapping entries ({field, param, type, required, defaultValue, ...}). */
  mapping: string;
  /** JSON Schema of the profile values, as JSON text. */
  schema: string;
  created_at: string;
  updated_at: string;
}

export type TemplateRow = Selectable<TemplatesTable>;
export type NewTemplateRow = Insertable<TemplatesTable>;
export type TemplateUpdate = Updateable<TemplatesTable>;
