// API tokens for integrators (issue 22): named, with a role and an expiry, shown once, stored as the
// sha256 of a 256-bit random secret (a high-entropy secret needs no slow hash: nothing to guess),
// revocable (kept, with revokedAt, in the list). The `pvt_` prefix tells them from sign-in tokens
// (and lets secret scanners recognise one). Their last use is written at most once a minute per
// token, not on every request.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ROLES,
  type ApiToken,
  type CreateTokenInput,
  type CreatedToken,
  type Role,
} from '../../contract/users';
import type { Database } from '../../db/schema';
import type { ApiTokenRow } from '../../db/tables/api-tokens';
import { AppError } from '../../errors';
import type { UsersRepository } from '../users/index';
import type { TokenClaims } from './tokens';

export const API_TOKEN_PREFIX = 'pvt_';
const LAST_USE_WRITE_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Expiry shown for a token that never expires (claims need a date). */
const NEVER = new Date('9999-12-31T23:59:59.000Z');

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    lastUsedFrom: row.last_used_from,
    revokedAt: row.revoked_at,
  };
}

function unauthorizedToken(message: string): AppError {
  return new AppError(401, 'Unauthorized', message, { 'www-authenticate': 'Bearer' });
}

/** The lesser of two roles (ROLES runs from the most to the least). */
const lowerRole = (a: Role, b: Role): Role => (ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b);

export function createApiTokens(
  db: Kysely<Database>,
  users: Pick<UsersRepository, 'findByUsername'>,
  now: () => number = Date.now,
) {
  const lastWritten = new Map<string, number>();

  return {
    async list(): Promise<ApiToken[]> {
      const rows = await db.selectFrom('api_tokens').selectAll().orderBy('created_at', 'desc').execute();
      return rows.map(toApiToken);
    },

    async create(input: CreateTokenInput, createdBy: string): Promise<CreatedToken> {
      const secret = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const at = now();
      const row: ApiTokenRow = {
        id: randomUUID(),
        name: input.name.trim(),
        role: input.role,
        hash: hashOf(secret),
        created_by: createdBy,
        created_at: new Date(at).toISOString(),
        expires_at:
          input.expiresInDays === null ? null : new Date(at + input.expiresInDays * DAY_MS).toISOString(),
        last_used_at: null,
        last_used_from: null,
        revoked_at: null,
      };
      if (!row.name)
        throw new AppError(400, 'Invalid token name', 'Give the token a name that is not only spaces.');
      await db.insertInto('api_tokens').values(row).execute();
      return { token: toApiToken(row), secret };
    },

    /** Revokes a token (it stays listed with its revokedAt); answers it as it now is. */
    async revoke(id: string): Promise<ApiToken> {
      const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row)
        throw new AppError(404, 'Token not found', `There is no API token with id "${id}"; reload the list.`);
      if (row.revoked_at) return toApiToken(row);
      const revokedAt = new Date(now()).toISOString();
      await db.updateTable('api_tokens').set({ revoked_at: revokedAt }).where('id', '=', id).execute();
      return toApiToken({ ...row, revoked_at: revokedAt });
    },

    /** The identity of a token's secret, or a 401 saying why it is refused. */
    async authenticate(secret: string, address: string): Promise<TokenClaims> {
      const row = await db
        .selectFrom('api_tokens')
        .selectAll()
        .where('hash', '=', hashOf(secret))
        .executeTakeFirst();
      if (!row) throw unauthorizedToken('This API token is not known; ask an admin for a new one.');
      if (row.revoked_at)
        throw unauthorizedToken(
          `This API token was revoked at ${row.revoked_at}; ask an admin for a new one.`,
        );
      const at = now();
      if (row.expires_at && Date.parse(row.expires_at) <= at)
        throw unauthorizedToken(`This API token expired at ${row.expires_at}; ask an admin for a new one.`);
      // A token acts for the admin who made it, and never beyond what that admin may do now: a
      // disabled creator's tokens stop, a demoted one's are held to the new role. Users are never
      // renamed or deleted, so the username a token keeps names its creator for good.
      const creator = await users.findByUsername(row.created_by);
      if (!creator)
        throw unauthorizedToken(
          `This API token's creator, "${row.created_by}", no longer exists; ask an admin for a new one.`,
        );
      if (creator.disabled)
        throw unauthorizedToken(
          `This API token's creator, "${row.created_by}", is disabled; ask an admin to enable that user or for a new token.`,
        );
      if (at - (lastWritten.get(row.id) ?? 0) >= LAST_USE_WRITE_INTERVAL_MS) {
        lastWritten.set(row.id, at);
        await db
          .updateTable('api_tokens')
          .set({ last_used_at: new Date(at).toISOString(), last_used_from: address.slice(0, 64) })
          .where('id', '=', row.id)
          .execute();
      }
      return {
        userId: creator.id,
        username: row.created_by,
        jti: `token:${row.id}`,
        expiresAt: row.expires_at ? new Date(row.expires_at) : NEVER,
        epoch: 0,
        role: lowerRole(row.role, creator.role),
        kind: 'token',
        tokenName: row.name,
      };
    },
  };
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
