// The server's answers for profiles (packages/server/src/modules/profiles), and the parts of
// templates and devices this screen reads (features do not import each other).

export type ValidationStatus = 'valid' | 'invalid' | 'pending';
export const VALIDATION_STATUSES: readonly ValidationStatus[] = ['valid', 'invalid', 'pending'];

export interface RenderedParam {
  name: string;
  value: string;
  type: string;
}

export interface Profile {
  id: string;
  name: string;
  templateId: string;
  values: Record<string, unknown>;
  validationStatus: ValidationStatus;
  validationErrors: string[];
  version: number;
  renderedParams: RenderedParam[];
  parameterCount: number;
  changelog: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProfileList {
  profiles: Profile[];
  total: number;
  limit: number;
  offset: number;
}

/** spec §3 Validation result. */
export interface ValidationResult {
  valid: boolean;
  errors: string[];
  warnings?: string[];
}

export type MappingType = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** A template as the profile form reads it: its schema drives the value inputs (spec §5 Profile). */
export interface ProfileTemplate {
  id: string;
  name: string;
  vendor: string;
  model: string;
  mapping: { field: string; type: MappingType; required: boolean; defaultValue?: unknown }[];
  schema: Record<string, unknown>;
}

export interface AssignedDevice {
  id: string;
  serialNumber: string;
  status: string;
  assignedProfileId: string | null;
}
