// Sign-in tokens are HS256 JWTs with a unique `jti`, so a single token can be revoked (logout,
// refresh) while others stay valid. The secret is persisted so tokens survive a restart.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const ISSUER = 'provisor';
const SECRET_KEY = 'auth.jwt_secret';

export interface TokenClaims {
  userId: string;
  username: string;
  jti: string;
  expiresAt: Date;
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
    async sign(userId: string, username: string): Promise<{ token: string; claims: TokenClaims }> {
      const jti = randomUUID();
      const issuedAt = Math.floor(Date.now() / 1000);
      const exp = issuedAt + ttlSeconds;
      const token = await new SignJWT({ username })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(jti)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(secret);
      return { token, claims: { userId, username, jti, expiresAt: new Date(exp * 1000) } };
    },
    async verify(token: string): Promise<TokenClaims | TokenFailure> {
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
        return { userId: payload.sub, username, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) return 'expired';
        if (err instanceof joseErrors.JWSInvalid || err instanceof joseErrors.JWTInvalid) return 'malformed';
        return 'invalid';
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
