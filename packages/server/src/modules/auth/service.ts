import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword, type UsersRepository } from '../users/index';
import type { LoginLimiter, LoginRefusal } from './login-limiter';
import { API_TOKEN_PREFIX, type ApiTokens } from './api-tokens';
import type { TokenClaims, TokenSigner } from './tokens';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  users: UsersRepository;
  signer: TokenSigner;
  limiter: LoginLimiter;
  apiTokens: ApiTokens;
}

const UNAUTHORIZED_MESSAGES = {
  missing: 'Sign in first: send the token from POST /api/auth/login as "Authorization: Bearer <token>".',
  malformed: 'The token is malformed; sign in again.',
  expired: 'The session has expired; sign in again.',
  invalid: 'The token is not valid; sign in again.',
  revoked: 'The session was ended (logged out or refreshed); sign in again.',
  unknownUser: 'The user of this session no longer exists; sign in as another user.',
  disabled: 'The account was disabled by an admin; ask an admin to enable it.',
  passwordChanged:
    'The password of this account was changed (or the account was disabled) since this sign-in; sign in again.',
} as const;

/** A refused sign-in, with what the audit log records about it (never told to the caller). */
export class LoginFailure extends AppError {
  constructor(readonly auditDetail: string) {
    super(401, 'Invalid username or password', 'Check the username and password and try again.');
  }
}

export function unauthorized(reason: keyof typeof UNAUTHORIZED_MESSAGES): AppError {
  return new AppError(401, 'Unauthorized', UNAUTHORIZED_MESSAGES[reason], { 'www-authenticate': 'Bearer' });
}

const REFUSAL_ADVICE = {
  address: (wait: string) =>
    `Sign-in is paused for this address after repeated failures; try again in ${wait}.`,
  account: (wait: string) =>
    `Sign-ins to this account from new addresses are slowed after repeated failures; try again in ${wait}, ` +
    'or sign in from an address you have signed in from before.',
} as const;

function tooManyAttempts({ scope, retryAfterSeconds }: LoginRefusal): AppError {
  const wait = `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
  return new AppError(429, `Too many sign-in attempts. Try again in ${wait}.`, REFUSAL_ADVICE[scope](wait), {
    'retry-after': String(retryAfterSeconds),
  });
}

export function createAuthService({ db, users, signer, limiter, apiTokens }: AuthServiceDeps) {
  const revokeListeners = new Set<(jti: string) => void>();
  const userRevokeListeners = new Set<(userId: string) => void>();
  // Compared against when the username is unknown, so both paths cost one scrypt.
  let dummyHash: Promise<string> | undefined;

  async function revoke(claims: TokenClaims): Promise<void> {
    await db
      .insertInto('revoked_tokens')
      .values({ jti: claims.jti, expires_at: claims.expiresAt.toISOString() })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
    for (const listener of revokeListeners) listener(claims.jti);
  }

  return {
    async login(username: string, password: string, address: string) {
      const refusal = await limiter.admit(address, username);
      if (refusal) throw tooManyAttempts(refusal);
      const user = await users.findByUsername(username);
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash));
      if (!user || !ok) {
        await limiter.recordFailure(username);
        throw new LoginFailure(user ? 'wrong password' : 'unknown user');
      }
      // Same answer as a wrong password: a disabled account is not confirmed to whoever tries it.
      if (user.disabled) throw new LoginFailure('account disabled');
      await limiter.recordSuccess(address, username);
      await users.recordSignIn(user.id);
      const { token } = await signer.sign(user.id, user.username, user.session_epoch);
      return { token, username: user.username, role: user.role };
    },

    /** Resolves a bearer token to its claims, or throws a 401 saying why. */
    async authenticate(token: string | undefined, address: string): Promise<TokenClaims> {
      if (!token) throw unauthorized('missing');
      if (token.startsWith(API_TOKEN_PREFIX)) return apiTokens.authenticate(token, address);
      const result = await signer.verify(token);
      if (typeof result === 'string') throw unauthorized(result);
      const revoked = await db
        .selectFrom('revoked_tokens')
        .select('jti')
        .where('jti', '=', result.jti)
        .executeTakeFirst();
      if (revoked) throw unauthorized('revoked');
      const user = await users.findById(result.userId);
      if (!user) throw unauthorized('unknownUser');
      if (user.disabled) throw unauthorized('disabled');
      if (user.session_epoch !== result.epoch) throw unauthorized('passwordChanged');
      return { ...result, username: user.username, role: user.role, kind: 'user', tokenName: null };
    },

    /** Ends a sign-in; an API token is revoked by DELETE /api/tokens/:id, not by signing out. */
    async logout(claims: TokenClaims): Promise<void> {
      if (claims.kind === 'token')
        throw new AppError(
          400,
          'Not a sign-in',
          'An API token is not signed out; an admin revokes it under API tokens.',
        );
      await revoke(claims);
    },

    async refresh(claims: TokenClaims): Promise<{ token: string }> {
      if (claims.kind === 'token')
        throw new AppError(
          400,
          'Not a sign-in',
          'An API token is not refreshed; an admin creates a new one.',
        );
      const { token } = await signer.sign(claims.userId, claims.username, claims.epoch);
      await revoke(claims);
      return { token };
    },

    /** Tells the listeners that an API token was revoked (its live sockets close). */
    tokenRevoked(id: string): void {
      for (const listener of revokeListeners) listener(`token:${id}`);
    },

    /** Tells the listeners that all of a user's sessions ended (disabled, password reset). */
    userRevoked(userId: string): void {
      for (const listener of userRevokeListeners) listener(userId);
    },

    onUserRevoke(listener: (userId: string) => void): () => void {
      userRevokeListeners.add(listener);
      return () => userRevokeListeners.delete(listener);
    },

    /** Called with the jti of every revoked token (the live channel closes its sockets). */
    onRevoke(listener: (jti: string) => void): () => void {
      revokeListeners.add(listener);
      return () => revokeListeners.delete(listener);
    },

    /** Deletes revoked tokens past their expiry and sign-in counts past their time (hourly, app.ts). */
    async prune(): Promise<void> {
      await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date().toISOString()).execute();
      await limiter.prune();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
