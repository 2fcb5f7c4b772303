import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenStatus } from '@/components/ui/full-screen-status';
import { useAuthStore } from '@/stores/auth-store';
import { toReturnLocation, type LoginLocationState } from './return-location';

export const VERIFYING_MESSAGE = 'Verifying authentication...';

/**
 * spec §2: every path except /login needs a session. A stored token is verified first
 * (GET /api/auth/verify) while "Verifying authentication..." shows; without one the user goes
 * to /login and the location is remembered.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuthStore((state) => state.token);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const verify = useAuthStore((state) => state.verify);
  const location = useLocation();
  const needsVerification = Boolean(token) && !isAuthenticated;

  useEffect(() => {
    if (needsVerification) void verify();
  }, [needsVerification, verify]);

  if (token && isAuthenticated) return children;
  if (needsVerification) return <FullScreenStatus message={VERIFYING_MESSAGE} />;
  const state: LoginLocationState = { from: toReturnLocation(location) };
  return <Navigate to="/login" replace state={state} />;
}
