// Migrations are listed by hand, in order, so the set is the same on every dialect and in every build.
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};
