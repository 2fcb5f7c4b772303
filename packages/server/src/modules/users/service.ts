import { randomBytes } from 'node:crypto';
import {
  PASSWORD_MIN_LENGTH,
  type CreateUserInput,
  type Role,
  type UpdateUserInput,
  type User,
} from '../../contract/users';
import type { UserRow } from '../../db/tables/users';
import { AppError } from '../../errors';
import { hashPassword } from './passwords';
import type { UsersRepository } from './repository';

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;
/**
 * `npm run user`'s minimum length, as before issue 22 (its tests and scripts rely on it); the API's
 * rule is the contract's PASSWORD_MIN_LENGTH.
 */
export const MIN_PASSWORD_LENGTH = 8;

/** Checks a password against the rules; the message names the rule that failed. */
export function validatePassword(username: string, password: string, minLength = PASSWORD_MIN_LENGTH): void {
  if (password.length < minLength) {
    throw new AppError(400, 'Password too short', `Choose a password of at least ${minLength} characters.`);
  }
  if (password.toLowerCase() === username.toLowerCase()) {
    throw new AppError(400, 'Password equals the username', 'Choose a password that is not the username.');
  }
}

export function validateNewCredentials(
  username: string,
  password: string,
  minLength = MIN_PASSWORD_LENGTH,
): void {
  if (!USERNAME_PATTERN.test(username)) {
    throw new AppError(
      400,
      'Invalid username',
      'A username is 1 to 64 letters, digits, dots, dashes, underscores or @ signs.',
    );
  }
  validatePassword(username, password, minLength);
}

export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

export function createUsersService(repo: UsersRepository) {
  async function byUsername(username: string): Promise<UserRow> {
    const user = await repo.findByUsername(username);
    if (!user) throw new AppError(404, 'No such user', `There is no user named "${username}".`);
    return user;
  }

  /** An admin may not take the last enabled admin away (the console would have nobody to manage it). */
  async function keepOneAdmin(user: UserRow, patch: { role?: Role; disabled?: boolean }): Promise<void> {
    const losesAdmin = (patch.role !== undefined && patch.role !== 'admin') || patch.disabled === true;
    if (user.role !== 'admin' || user.disabled === 1 || !losesAdmin) return;
    if ((await repo.countOtherEnabledAdmins(user.id)) === 0)
      throw new AppError(
        409,
        'Last admin',
        `"${user.username}" is the last enabled admin; make another user an admin first, then ${
          patch.disabled ? 'disable' : 'change the role of'
        } this one.`,
      );
  }

  return {
    async addUser(username: string, password: string, role: Role = 'admin', minLength = MIN_PASSWORD_LENGTH) {
      validateNewCredentials(username, password, minLength);
      if (await repo.findByUsername(username)) {
        throw new AppError(
          409,
          'User exists',
          `A user named "${username}" already exists; choose another name.`,
        );
      }
      return repo.create(username, await hashPassword(password), role);
    },
    async changePassword(username: string, password: string) {
      validateNewCredentials(username, password);
      const user = await byUsername(username);
      await repo.updatePasswordHash(user.id, await hashPassword(password));
      return user;
    },
    async list(): Promise<User[]> {
      return (await repo.list()).map(toApiUser);
    },
    async create(input: CreateUserInput): Promise<User> {
      return toApiUser(await this.addUser(input.username, input.password, input.role, PASSWORD_MIN_LENGTH));
    },
    /**
     * Role, enabled state, password. Answers the user as it now is and whether their sessions ended
     * (disabled, or a new password), so the caller can close their live sockets.
     */
    async update(id: string, patch: UpdateUserInput): Promise<{ user: User; sessionsEnded: boolean }> {
      const user = await repo.findById(id);
      if (!user)
        throw new AppError(404, 'No such user', `There is no user with id "${id}"; reload the list.`);
      if (patch.password !== undefined) validatePassword(user.username, patch.password);
      await keepOneAdmin(user, patch);
      const { password, ...rest } = patch;
      if (rest.role !== undefined || rest.disabled !== undefined) await repo.update(id, rest);
      if (password !== undefined) await repo.updatePasswordHash(id, await hashPassword(password));
      const updated = (await repo.findById(id))!;
      return {
        user: toApiUser(updated),
        sessionsEnded: updated.session_epoch !== user.session_epoch,
      };
    },
    /** `npm run user -- role|disable|enable`. */
    async updateByUsername(username: string, patch: Omit<UpdateUserInput, 'password'>) {
      return this.update((await byUsername(username)).id, patch);
    },
    /**
     * First start: with no users at all, create `admin` with the configured password, or a generated
     * one. Returns the generated password (the caller logs it once) or null.
     */
    async ensureInitialAdmin(
      configuredPassword: string | undefined,
    ): Promise<{ generatedPassword: string | null } | null> {
      if ((await repo.count()) > 0) return null;
      const password = configuredPassword ?? randomBytes(15).toString('base64url');
      await repo.create('admin', await hashPassword(password), 'admin');
      return { generatedPassword: configuredPassword ? null : password };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
