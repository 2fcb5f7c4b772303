// Users, roles, API tokens and the audit log (issue 22). The spec's screens know only "signed in or
// not" (§6); these add who may do what, credentials for integrators, and a trail of every change.
import { Type, type Static } from 'typebox';
import { exactObject, nullable, pagingProperties } from './common';

/**
 * admin: everything. operator: devices, jobs, templates, profiles, provisioning, customer routers,
 * campaigns; no settings, users, tokens or audit log. viewer: reads only.
 */
export const role = Type.Enum(['admin', 'operator', 'viewer'], { type: 'string' });
export type Role = Static<typeof role>;
export const ROLES: readonly Role[] = ['admin', 'operator', 'viewer'];

/**
 * What a route needs (each registered route declares one; the server refuses a route without):
 * `public` (nobody signed in), `read` (every role), `operate` (operator, admin), `admin` (admin).
 */
export const permission = Type.Enum(['public', 'read', 'operate', 'admin'], { type: 'string' });
export type Permission = Static<typeof permission>;

/** Whether a role may use a route that needs `p` (the server's rule; the console mirrors it). */
export function roleMay(r: Role, p: Permission): boolean {
  if (p === 'public' || p === 'read') return true;
  if (p === 'operate') return r === 'admin' || r === 'operator';
  return r === 'admin';
}

/** A user as the API shows it: never a password or its hash. */
export const user = exactObject({
  id: Type.String(),
  username: Type.String(),
  role,
  disabled: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** ISO 8601; null before the first sign-in. */
  lastSignInAt: nullable(Type.String()),
});
export type User = Static<typeof user>;

export const userList = exactObject({ users: Type.Array(user) });
export type UserList = Static<typeof userList>;

/** Usernames: letters, digits, dot, dash, underscore, at; 1 to 64. */
export const usernameSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._@-]+$' });
/** Password rules (the server says which one failed): 10 to 1024 characters, not the username. */
export const PASSWORD_MIN_LENGTH = 10;
export const passwordSchema = Type.String({ minLength: 1, maxLength: 1024 });

/** POST /api/users */
export const createUserBody = Type.Object(
  { username: usernameSchema, password: passwordSchema, role },
  { additionalProperties: false },
);
export type CreateUserInput = Static<typeof createUserBody>;

/** PATCH /api/users/:id: role, disabled, or a new password (each optional, at least one). */
export const updateUserBody = Type.Object(
  {
    role: Type.Optional(role),
    disabled: Type.Optional(Type.Boolean()),
    password: Type.Optional(passwordSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUserInput = Static<typeof updateUserBody>;

/** GET /api/auth/me: who the caller is and what it may do (a user's sign-in or an API token). */
export const me = exactObject({
  username: Type.String(),
  role,
  /** 'user' for a console sign-in, 'token' for an API token (then `tokenName` names it). */
  kind: Type.Enum(['user', 'token'], { type: 'string' }),
  tokenName: nullable(Type.String()),
});
export type Me = Static<typeof me>;

/** An API token as listed: never the token itself, which is shown once when created. */
export const apiToken = exactObject({
  id: Type.String(),
  name: Type.String(),
  role,
  /** The user who created it. */
  createdBy: Type.String(),
  createdAt: Type.String(),
  /** ISO 8601; null: never expires. */
  expiresAt: nullable(Type.String()),
  lastUsedAt: nullable(Type.String()),
  /** The address of its last use. */
  lastUsedFrom: nullable(Type.String()),
  revokedAt: nullable(Type.String()),
});
export type ApiToken = Static<typeof apiToken>;

export const apiTokenList = exactObject({ tokens: Type.Array(apiToken) });
export type ApiTokenList = Static<typeof apiTokenList>;

/** POST /api/tokens: a name, a role, and days until it expires (null: never). */
export const createTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    role,
    expiresInDays: Type.Union([Type.Integer({ minimum: 1, maximum: 3650 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type CreateTokenInput = Static<typeof createTokenBody>;

/** The answer of POST /api/tokens: the token's listing and its secret, shown this once. */
export const createdToken = exactObject({ token: apiToken, secret: Type.String() });
export type CreatedToken = Static<typeof createdToken>;

export const auditResult = Type.Enum(['success', 'failure'], { type: 'string' });
export type AuditResult = Static<typeof auditResult>;

/** One entry of the audit log: who, role, what, the target, when, from where, the result. */
export const auditEntry = exactObject({
  id: Type.String(),
  /** ISO 8601. */
  timestamp: Type.String(),
  /** The username, or `token:<name>` for an API token; for a failed sign-in, the name that was tried. */
  actor: nullable(Type.String()),
  /** The actor's role; null when nobody was authenticated (a failed sign-in). */
  role: Type.Union([role, Type.Null()]),
  /** e.g. `auth.login`, `auth.login_failed`, `device.reboot`, `settings.update`, `user.create`. */
  action: Type.String(),
  /** The route that ran, e.g. `POST /api/devices/:id/reboot`. */
  route: Type.String(),
  /** What it acted on (a device id, a user name...), null when nothing in particular. */
  target: nullable(Type.String()),
  address: Type.String(),
  result: auditResult,
  /** The HTTP status answered. */
  status: Type.Integer(),
  /** The error's message when it failed. */
  detail: nullable(Type.String()),
});
export type AuditEntry = Static<typeof auditEntry>;

/** GET /api/audit: newest first, filtered; `from`/`to` ISO 8601. */
export const auditQuery = Type.Object(
  {
    actor: Type.Optional(Type.String({ maxLength: 128 })),
    action: Type.Optional(Type.String({ maxLength: 128 })),
    target: Type.Optional(Type.String({ maxLength: 256 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    ...pagingProperties(100, 1000),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof auditQuery>;

export const auditPage = exactObject({
  entries: Type.Array(auditEntry),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});
export type AuditPage = Static<typeof auditPage>;
