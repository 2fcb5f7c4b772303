import type { Selectable } from 'kysely';

/** Server settings (spec §3 Settings), one JSON document per section. */
export interface SettingsTable {
  section: string;
  value: string;
  updated_at: string;
}

export type SettingsRow = Selectable<SettingsTable>;
