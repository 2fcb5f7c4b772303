import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '../../contract/users';

/** Console operators. Passwords are stored only as scrypt hashes (see modules/auth/passwords.ts). */
export interface UsersTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** Migration 0022: 'admin' | 'operator' | 'viewer'. */
  role: Generated<Role>;
  /** 0 or 1. */
  disabled: Generated<number>;
  /** Carried by each sign-in token; raised to end all of the user's sessions. */
  session_epoch: Generated<number>;
  last_sign_in_at: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
