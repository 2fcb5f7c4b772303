// Sign-in tokens are HS256 JWTs with a unique `jti`, so a single token can be revoked (logout,
// refresh) while others stay valid. The secret is persisted so tokens survive a restart.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Role } from '../../contract/users';
import type { Database } from '../../db/schema';

const ISSUER = 'provisor';
const SECRET_KEY = 'auth.jwt_secret';

/** What a sign-in token says: whose session it is, and the user's session epoch when it was signed. */
export interface SignedClaims {
  userId: string;
  username: string;
  jti: string;
  expiresAt: Date;
  /** The user's `session_epoch` at sign-in: raising it (password reset, disabling) ends the session. */
  epoch: number;
}

/**
 * An authenticated caller: a user's sign-in or an API token (issue 22). For a token, `userId` and
 * `username` are its creator's, `jti` is `token:<id>`, and `tokenName` names it.
 */
export interface TokenClaims extends SignedClaims {
  role: Role;
  kind: 'user' | 'token';
  tokenName: string | null;
}

export type TokenFailure = 'malformed' | 'expired' | 'invalid';

/** The configured secret, else the one kept in the database, else a new one stored there. */
export async function loadSigningSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const existing = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', SECRET_KEY)
    .executeTakeFirst();
  if (existing) return Buffer.from(existing.value, 'base64url');
  const secret = randomBytes(48);
  await db
    .insertInto('meta')
    .values({ key: SECRET_KEY, value: secret.toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Another process may have won the race: read back what is stored.
  const stored = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', SECRET_KEY)
    .executeTakeFirstOrThrow();
  return Buffer.from(stored.value, 'base64url');
}

export function createTokenSigner(secret: Uint8Array, ttlSeconds: number) {
  return {
    async sign(
      userId: string,
      username: string,
      epoch: number,
    ): Promise<{ token: string; claims: SignedClaims }> {
      const jti = randomUUID();
      const issuedAt = Math.floor(Date.now() / 1000);
      const exp = issuedAt + ttlSeconds;
      const token = await new SignJWT({ username, ep: epoch })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(jti)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(secret);
      return { token, claims: { userId, username, jti, expiresAt: new Date(exp * 1000), epoch } };
    },
    async verify(token: string): Promise<SignedClaims | TokenFailure> {
      if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return 'malformed';
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.jti !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return 'invalid';
        }
        const username = typeof payload.username === 'string' ? payload.username : '';
        // Tokens signed before roles (issue 22) carry no epoch: the epoch they were signed under is 0.
        const epoch = typeof payload.ep === 'number' ? payload.ep : 0;
        return {
          userId: payload.sub,
          username,
          jti: payload.jti,
          expiresAt: new Date(payload.exp * 1000),
          epoch,
        };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) return 'expired';
        if (err instanceof joseErrors.JWSInvalid || err instanceof joseErrors.JWTInvalid) return 'malformed';
        return 'invalid';
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
