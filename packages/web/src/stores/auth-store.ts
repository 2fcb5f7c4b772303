import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AUTH_STORAGE_KEY, SIGNED_OUT_PREFIX } from '@/config/constants';
import { errorText, isApiError } from '@/lib/api-error';
import { loginRequest, logoutRequest, refreshRequest, verifyRequest } from '@/lib/auth-api';

/** spec §3 "Auth session". */
export interface AuthState {
  token: string | null;
  username: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

export interface AuthActions {
  /** Resolves true on success; on failure `error` holds the server's `error` field or "Login failed". */
  login: (username: string, password: string) => Promise<boolean>;
  /** Tells the server (fire and forget) and clears the session. */
  logout: () => void;
  /** Replaces the token; a failed refresh clears the session (spec §4). */
  refresh: () => Promise<boolean>;
  /** Checks the stored token; a failed verification clears the session (spec §4). */
  verify: () => Promise<boolean>;
  clearError: () => void;
  /**
   * Forgets the session in memory and in storage (401 handling, failed verify/refresh, logout). With
   * the server's reason, the sign-in page says why ("You were signed out: ...").
   */
  clearSession: (reason?: string) => void;
}

export type AuthStore = AuthState & AuthActions;

/** The fields persisted under `auth-storage` (spec §3: only token and username). */
export type PersistedAuthState = Pick<AuthState, 'token' | 'username'>;

export const LOGIN_FAILED_MESSAGE = 'Login failed';

const signedOut: AuthState = {
  token: null,
  username: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
};

export const useAuthStore = create<AuthStore>()(
  persist(
    (set, get) => {
      // One verification per token at a time (React StrictMode mounts the guard twice).
      let pendingVerify: { token: string; promise: Promise<boolean> } | null = null;

      const clearSession = (reason?: string) => {
        set({ ...signedOut, ...(reason ? { error: `${SIGNED_OUT_PREFIX}${reason}` } : {}) });
        useAuthStore.persist.clearStorage();
      };

      return {
        ...signedOut,

        login: async (username, password) => {
          set({ isLoading: true, error: null });
          try {
            const answer = await loginRequest(username, password);
            set({
              token: answer.token,
              username: answer.username ?? username,
              isAuthenticated: true,
              isLoading: false,
              error: null,
            });
            return true;
          } catch (error) {
            // spec §8: show the server's error field, otherwise "Login failed"; the session stays empty.
            set({ ...signedOut, error: errorText(error, LOGIN_FAILED_MESSAGE) });
            return false;
          }
        },

        logout: () => {
          const { token } = get();
          if (token) void logoutRequest(token).catch(() => undefined); // spec §7: fire and forget
          clearSession();
        },

        refresh: async () => {
          const { token } = get();
          if (!token) return false;
          try {
            const answer = await refreshRequest(token);
            if (get().token !== token) return false; // logged out or replaced meanwhile
            set({ token: answer.token });
            return true;
          } catch {
            if (get().token === token) clearSession();
            return false;
          }
        },

        verify: () => {
          const { token } = get();
          if (!token) {
            clearSession();
            return Promise.resolve(false);
          }
          if (pendingVerify?.token === token) return pendingVerify.promise;
          const run = async (): Promise<boolean> => {
            set({ isLoading: true });
            try {
              const answer = await verifyRequest(token);
              if (get().token !== token) return false; // logged out or replaced meanwhile
              if (!answer.valid) throw new Error('Session is not valid');
              set({ isAuthenticated: true, isLoading: false, username: answer.username ?? get().username });
              return true;
            } catch (error) {
              // Reopened after the session ended (expired, the account disabled): say why.
              if (get().token === token)
                clearSession(isApiError(error) && error.status === 401 ? error.serverMessage : undefined);
              return false;
            } finally {
              pendingVerify = null;
            }
          };
          const promise = run();
          pendingVerify = { token, promise };
          return promise;
        },

        clearError: () => set({ error: null }),
        clearSession,
      };
    },
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedAuthState => ({ token: state.token, username: state.username }),
    },
  ),
);
