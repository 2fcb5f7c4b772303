import type { Selectable } from 'kysely';

/** Server-wide key/value facts that must survive a restart (the generated JWT secret, ...). */
export interface MetaTable {
  key: string;
  value: string;
}

export type MetaRow = Selectable<MetaTable>;
