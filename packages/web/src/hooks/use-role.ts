import type { Permission, Role } from '@provisor/server/contract';
import { useMe } from '@/api/get-me';
import { deniedReason } from '@/lib/roles';

/**
 * The signed-in role, or null while it is not known (loading, or a server that does not say). Unknown
 * lets every button be pressed: the server decides, and its 403 shows as a toast.
 */
export function useRole(): Role | null {
  return useMe().data?.role ?? null;
}

export interface Can {
  allowed: boolean;
  /** Why not, for a disabled button's title; undefined when allowed. */
  reason: string | undefined;
}

/** Whether the signed-in role may do what needs `permission`, and why not. */
export function useCan(permission: Permission): Can {
  const reason = deniedReason(useRole(), permission);
  return { allowed: reason === null, reason: reason ?? undefined };
}

/** The props of a button that changes something: disabled, with the reason as its title. */
export function useGuard(permission: Permission = 'operate'): { disabled: boolean; title?: string } {
  const { allowed, reason } = useCan(permission);
  return allowed ? { disabled: false } : { disabled: true, title: reason };
}
