import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors';
import { hashPassword } from './passwords';
import type { UsersRepository } from './repository';

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;
export const MIN_PASSWORD_LENGTH = 8;

export function validateNewCredentials(username: string, password: string): void {
  if (!USERNAME_PATTERN.test(username)) {
    throw new AppError(
      400,
      'Invalid username',
      'A username is 1 to 64 letters, digits, dots, dashes, underscores or @ signs.',
    );
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError(
      400,
      'Password too short',
      `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
    );
  }
}

export function createUsersService(repo: UsersRepository) {
  return {
    async addUser(username: string, password: string) {
      validateNewCredentials(username, password);
      if (await repo.findByUsername(username)) {
        throw new AppError(
          409,
          'User exists',
          `A user named "${username}" already exists; choose another name.`,
        );
      }
      return repo.create(username, await hashPassword(password));
    },
    async changePassword(username: string, password: string) {
      validateNewCredentials(username, password);
      const user = await repo.findByUsername(username);
      if (!user) throw new AppError(404, 'No such user', `There is no user named "${username}".`);
      await repo.updatePasswordHash(user.id, await hashPassword(password));
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
      await repo.create('admin', await hashPassword(password));
      return { generatedPassword: configuredPassword ? null : password };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
