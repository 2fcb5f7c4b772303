import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ValidationStatus } from '../../contract/profiles';

export { VALIDATION_STATUSES, type ValidationStatus } from '../../contract/profiles';

/** A profile: one customer's values for a template, and what they render to (spec §3 Profile). */
export interface ProfilesTable {
  id: string;
  name: string;
  template_id: string;
  /** JSON object: field -> value. */
  values: string;
  validation_status: ValidationStatus;
  /** JSON array of the messages of the last validation. */
  validation_errors: string;
  /** JSON array of {name, value, type}: the CWMP parameters the values render to. */
  rendered_params: string;
  version: number;
  changelog: string | null;
  /** Copied out of `values` so search stays on indexed columns (spec §2 Profiles search). */
  ssid: string;
  surname: string;
  serial_number: string;
  created_at: string;
  updated_at: string;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfileRow = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
