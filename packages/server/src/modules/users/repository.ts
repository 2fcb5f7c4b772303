import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../contract/users';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../db/tables/users';

export function createUsersRepository(db: Kysely<Database>) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Enabled admins other than `exceptId`. */
    async countOtherEnabledAdmins(exceptId: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .where('id', '!=', exceptId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    list(): Promise<UserRow[]> {
      return db.selectFrom('users').selectAll().orderBy('username').execute();
    },
    findByUsername(username: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    },
    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async create(username: string, passwordHash: string, role: Role = 'admin'): Promise<UserRow> {
      const now = new Date().toISOString();
      const row: UserRow = {
        id: randomUUID(),
        username,
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
        role,
        disabled: 0,
        session_epoch: 0,
        last_sign_in_at: null,
      };
      await db.insertInto('users').values(row).execute();
      return row;
    },
    async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({
          password_hash: passwordHash,
          session_epoch: eb('session_epoch', '+', 1),
          updated_at: new Date().toISOString(),
        }))
        .where('id', '=', id)
        .execute();
    },
    /** Role and enabled state; disabling raises the session epoch (all sessions end). */
    async update(id: string, patch: { role?: Role; disabled?: boolean }): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({
          ...(patch.role !== undefined ? { role: patch.role } : {}),
          ...(patch.disabled !== undefined ? { disabled: patch.disabled ? 1 : 0 } : {}),
          ...(patch.disabled === true ? { session_epoch: eb('session_epoch', '+', 1) } : {}),
          updated_at: new Date().toISOString(),
        }))
        .where('id', '=', id)
        .execute();
    },
    async recordSignIn(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ last_sign_in_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
