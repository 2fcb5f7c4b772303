import type { Insertable, Selectable } from 'kysely';
import type { ValidationStatus } from './profiles';

/** Every version of a profile, the current one included; none is ever dropped (spec §4 Profile edit). */
export interface ProfileVersionsTable {
  id: string;
  profile_id: string;
  version: number;
  name: string;
  /** JSON object: field -> value, as of this version. */
  values: string;
  changelog: string | null;
  validation_status: ValidationStatus;
  /** JSON array of {name, value, type}. */
  rendered_params: string;
  created_at: string;
}

export type ProfileVersionRow = Selectable<ProfileVersionsTable>;
export type NewProfileVersionRow = Insertable<ProfileVersionsTable>;
