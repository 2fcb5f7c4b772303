// Auth (spec §7 Auth): sign in for a bearer token, refresh it, verify it.
import { Type, type Static } from 'typebox';
import { exactObject } from './common';

export const loginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 128 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginInput = Static<typeof loginBody>;

export const loginAnswer = exactObject({ token: Type.String(), username: Type.String() });
export type LoginAnswer = Static<typeof loginAnswer>;

export const refreshAnswer = exactObject({ token: Type.String() });
export type RefreshAnswer = Static<typeof refreshAnswer>;

export const verifyAnswer = exactObject({ valid: Type.Boolean(), username: Type.String() });
export type VerifyAnswer = Static<typeof verifyAnswer>;
