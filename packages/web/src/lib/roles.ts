// Who may do what (issue 22). The server's rule is roleMay in the contract (users.ts); the console
// may import only the contract's types (provisor/web-server-types), so the rule is mirrored here and
// roles.test.ts pins it to the contract's table for every role and permission.
import type { Permission, Role } from '@provisor/server/contract';

export const ROLE_NAMES: readonly Role[] = ['admin', 'operator', 'viewer'];

/** How a role reads on screen (the header's badge, the role pickers); the API's words stay lowercase. */
export const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', operator: 'Operator', viewer: 'Viewer' };

/** Whether a role may use what needs `p` (the contract's roleMay). */
export function roleMay(role: Role, p: Permission): boolean {
  if (p === 'public' || p === 'read') return true;
  if (p === 'operate') return role === 'admin' || role === 'operator';
  return role === 'admin';
}

/**
 * Why `role` may not do what needs `p`, in words that say what to ask for; null when it may, or when
 * the role is unknown (a server without roles: it decides, and a 403 is shown as a toast).
 */
export function deniedReason(role: Role | null, p: Permission): string | null {
  if (role === null || roleMay(role, p)) return null;
  if (role === 'viewer' && p === 'operate')
    return 'Your role (viewer) can only view. Ask an admin for the operator role.';
  return `Your role (${role}) cannot do this. Only admins can.`;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLE_NAMES as readonly string[]).includes(value);
}
