// The Users tab's checks (issue 22), the server's rules (contract users.ts) said before sending, each
// message naming the rule and what to fix.
import type { Role } from '@provisor/server/contract';

/** The contract's PASSWORD_MIN_LENGTH (a value the console may not import; user-form.test pins it). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters, and not the same as the username.`;

export function usernameProblem(username: string): string | undefined {
  if (username.trim() === '') return 'Enter a username.';
  if (username.length > 64) return 'The username is too long: at most 64 characters.';
  if (!USERNAME_PATTERN.test(username))
    return 'The username may contain only letters, digits, dot, dash, underscore and @.';
  return undefined;
}

export function passwordProblem(password: string, username: string): string | undefined {
  if (password === '') return 'Enter a password.';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `The password is too short: at least ${PASSWORD_MIN_LENGTH} characters (now ${password.length}).`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `The password is too long: at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password === username) return 'The password must not be the same as the username.';
  return undefined;
}

export interface NewUserValues {
  username: string;
  password: string;
  role: Role;
}

export type NewUserErrors = Partial<Record<'username' | 'password', string>>;

export function validateNewUser(values: NewUserValues): NewUserErrors {
  const errors: NewUserErrors = {};
  const u = usernameProblem(values.username);
  if (u) errors.username = u;
  const p = passwordProblem(values.password, values.username);
  if (p) errors.password = p;
  return errors;
}

/** A password the rules accept, offered when an admin resets one (the common generator, 16 long). */
export const GENERATED_PASSWORD_LENGTH = 16;
