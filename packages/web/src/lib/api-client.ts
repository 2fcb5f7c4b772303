// The HTTP client every feature uses: the session's bearer token, and spec §8's 401 rule.
import { useAuthStore } from '@/stores/auth-store';
import { createHttpClient, type HttpMethod } from './http-client';
import { toast } from './toast';

export const LOGIN_PATH = '/login';

export interface UnauthorizedRedirect {
  /** Navigate to /login; the router installs a client-side navigation that remembers the location. */
  (path: string): void;
}

const fullPageRedirect: UnauthorizedRedirect = (path) => window.location.assign(path);
let redirectToLogin: UnauthorizedRedirect = fullPageRedirect;

/** Lets the router take over the redirect (keeps the SPA state and remembers where the user was). */
export function setUnauthorizedRedirect(redirect: UnauthorizedRedirect | null): void {
  redirectToLogin = redirect ?? fullPageRedirect;
}

/**
 * spec §8: any 401 on a non-auth path removes the stored session and redirects to /login unless
 * already there. The server's reason (an admin disabled the account, the session expired) is shown
 * there as the sign-in's error, so that nobody is signed out without knowing why; but only when the
 * refused request carried the session's own token: a 401 to a request sent before a sign-out speaks
 * of a session already gone ("logged out"), not of why this one ends.
 */
export function handleUnauthorized(message?: string, requestToken?: string | null): void {
  const { token } = useAuthStore.getState();
  // Already gone (an earlier 401 of the same moment ended it): its reason stays on the page.
  if (token !== null)
    useAuthStore
      .getState()
      .clearSession(requestToken === undefined || requestToken === token ? message : undefined);
  if (window.location.pathname !== LOGIN_PATH) redirectToLogin(LOGIN_PATH);
}

export const FORBIDDEN_TITLE = 'Not allowed for your role';

/**
 * Issue 22: a change the role may not make shows the server's words in a toast (one at a time); the
 * form that sent it stays as it was. A refused read shows where it was asked for (its screen's error).
 */
export function handleForbidden(method: HttpMethod, _path: string, message: string): void {
  if (method !== 'GET') toast.error(FORBIDDEN_TITLE, { id: 'forbidden', description: message });
}

const answeredListeners = new Set<() => void>();

/** Calls `listener` after every successful answer of the API; returns the unsubscribe function. */
export function onApiAnswered(listener: () => void): () => void {
  answeredListeners.add(listener);
  return () => {
    answeredListeners.delete(listener);
  };
}

export const api = createHttpClient({
  getToken: () => useAuthStore.getState().token,
  onUnauthorized: handleUnauthorized,
  onForbidden: handleForbidden,
  onAnswered: () => answeredListeners.forEach((listener) => listener()),
});
