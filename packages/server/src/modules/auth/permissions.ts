// Roles and permissions (issue 22). Each route declares what it needs in its config: `permission`
// ('read', 'operate' or 'admin'), or `public: true` for the few anyone may call (the sign-in, the
// console's files, the router doors): `public: true` IS the permission 'public', one rule with one
// spelling each. A route that declares neither, or both, stops the server at start-up, naming it.
// The check runs on the matched route and the authenticated identity (plugin.ts).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { roleMay, type Permission, type Role } from '../../contract/users';
import { AppError } from '../../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the caller's role must allow (contract `roleMay`); public routes say `public: true`. */
    permission?: Exclude<Permission, 'public'>;
    /** The audit log's name for this route's action; default derived from the route (`auditAction`). */
    action?: string;
  }
}

/** The permission of a route by its config; undefined when it declares none. */
export function routePermission(
  config: { public?: boolean; permission?: Exclude<Permission, 'public'> } | undefined,
): Permission | undefined {
  if (config?.public === true) return 'public';
  return config?.permission;
}

/** Refuses to register a route without exactly one declared permission. */
export function requirePermissions(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as { public?: boolean; permission?: Permission } | undefined;
    const methods = [route.method].flat().join(',');
    if (config?.public === true && config.permission !== undefined)
      throw new Error(
        `Route ${methods} ${route.url} declares both public: true and permission '${config.permission}'; keep one.`,
      );
    if (routePermission(config as never) === undefined)
      throw new Error(
        `Route ${methods} ${route.url} declares no permission: add config: { permission: 'read' | 'operate' | 'admin' } (or public: true).`,
      );
  });
}

const NEEDED_ROLE = { operate: 'operator', admin: 'admin' } as const;

/** The 403 for a role that may not use a route needing `needed`. */
export function forbidden(role: Role, needed: Permission): AppError {
  const what =
    role === 'viewer' ? 'may only read' : 'may not change settings, users, API tokens or see the audit log';
  const ask = needed === 'admin' ? 'the admin role' : `the ${NEEDED_ROLE.operate} role`;
  return new AppError(403, 'Forbidden', `Your role (${role}) ${what}; ask an admin for ${ask}.`);
}

/** Throws the 403 when `role` may not use a route needing `needed`. */
export function checkPermission(role: Role, needed: Permission): void {
  if (!roleMay(role, needed)) throw forbidden(role, needed);
}

const VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/**
 * The audit action of a route: its path's words after /api joined by dots, e.g.
 * `POST /api/devices/:id/reboot` -> `devices.reboot`, `POST /api/provisioning/bulk/reboot` ->
 * `provisioning.bulk.reboot`; a path ending in a parameter or a single word takes the method's verb:
 * `DELETE /api/groups/:id` -> `groups.delete`, `POST /api/users` -> `users.create`.
 */
export function auditAction(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const words = segments.filter((s) => !s.startsWith(':') && s !== '*');
  const last = segments.at(-1) ?? '';
  if (words.length <= 1 || last.startsWith(':')) words.push(VERBS[method] ?? method.toLowerCase());
  return words.join('.');
}
