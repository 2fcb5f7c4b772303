// The Create token form's checks (issue 22; contract createTokenBody): a name, and days 1 to 3650 or never.
import type { CreateTokenInput, Role } from '@provisor/server/contract';

export const TOKEN_MAX_DAYS = 3650;

export interface TokenFormValues {
  name: string;
  role: Role;
  /** As typed; '' with `never` unchecked is a mistake. */
  days: string;
  never: boolean;
}

export type TokenFormErrors = Partial<Record<'name' | 'days', string>>;

export function validateTokenForm(values: TokenFormValues): TokenFormErrors {
  const errors: TokenFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Enter a name, e.g. the system that will use the token.';
  else if (name.length > 100) errors.name = 'The name is too long: at most 100 characters.';
  if (!values.never) {
    const days = Number(values.days.trim());
    if (values.days.trim() === '' || !Number.isInteger(days) || days < 1 || days > TOKEN_MAX_DAYS)
      errors.days = `Enter whole days from 1 to ${TOKEN_MAX_DAYS}, or choose Never expires.`;
  }
  return errors;
}

export function tokenBody(values: TokenFormValues): CreateTokenInput {
  return {
    name: values.name.trim(),
    role: values.role,
    expiresInDays: values.never ? null : Number(values.days.trim()),
  };
}
