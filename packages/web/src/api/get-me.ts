import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, handleUnauthorized } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { isRole } from '@/lib/roles';
import { useAuthStore } from '@/stores/auth-store';
import type { Me } from '@provisor/server/contract';

/**
 * GET /api/auth/me. A 401 here means the session was ended (an admin disabled the user or reset their
 * password): sign out, as any other call's 401 does (the client spares /api/auth/ paths, where a 401
 * is a failed sign-in). An answer without a known role (a server before issue 22) reads as null.
 */
export const getMe = async (token: string | null, signal?: AbortSignal): Promise<Me | null> => {
  try {
    const me = await api.get<Me>('/api/auth/me', { signal });
    return me && isRole(me.role) ? me : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) handleUnauthorized(error.serverMessage, token);
    throw error;
  }
};

export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.me.of(token),
    queryFn: ({ signal }) => getMe(token, signal),
    enabled: token !== null,
    staleTime: 60_000,
  });

const useSessionToken = () => useAuthStore((state) => (state.isAuthenticated ? state.token : null));

/**
 * Who is signed in, as far as it is known: reads the cache that <LoadMe /> fills. Reading does not
 * fetch, so the shell's header (first in the tree) does not put GET /api/auth/me ahead of the screen's
 * own requests: the screen's data comes first.
 */
export function useMe() {
  return useQuery({ ...meQueryOptions(useSessionToken()), enabled: false });
}

/** Fetches GET /api/auth/me for the session; rendered once, last in the shell (app-layout.tsx). */
export function LoadMe(): null {
  useQuery(meQueryOptions(useSessionToken()));
  return null;
}
