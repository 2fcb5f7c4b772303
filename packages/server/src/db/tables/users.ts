import type { Insertable, Selectable, Updateable } from 'kysely';

/** Console operators. Passwords are stored only as scrypt hashes (see modules/auth/passwords.ts). */
export interface UsersTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
