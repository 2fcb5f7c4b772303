import { CircleAlert, LoaderCircle, Lock, User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { PRODUCT_NAME } from '@/config/constants';
import { readProviderName } from '@/config/runtime';
import { useAuthStore } from '@/stores/auth-store';
import { returnPath } from './return-location';

const inputClass =
  'block w-full rounded-md border-0 py-2 pr-3 pl-9 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:outline-hidden focus:ring-2 focus:ring-inset focus:ring-blue-600 disabled:bg-slate-50 disabled:text-slate-500';

/** spec §2 "Login", §5 (both fields required), §8 (server's error field, else "Login failed"). */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [providerName] = useState(() => readProviderName());
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const isLoading = useAuthStore((state) => state.isLoading);
  const error = useAuthStore((state) => state.error);
  const login = useAuthStore((state) => state.login);
  const clearError = useAuthStore((state) => state.clearError);
  const location = useLocation();
  const destination = returnPath(location.state);

  // Success (and a visit while already signed in) goes to the remembered location, else "/".
  if (isAuthenticated) return <Navigate to={destination} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || !password || isLoading) return; // spec §5: submission does nothing if either is empty
    await login(name, password);
  };

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    if (error) clearError(); // spec §2: editing either field clears the displayed error
  };

  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-linear-to-br from-slate-100 via-slate-50 to-blue-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <BrandMark size="lg" />
          <p className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</p>
          {providerName ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="provider-name">
              {providerName}
            </p>
          ) : null}
        </div>

        <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
          <h1 className="mb-6 text-lg font-semibold text-slate-900">Sign In</h1>

          <form className="space-y-5" noValidate onSubmit={(event) => void onSubmit(event)}>
            {error ? (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-inset ring-red-200"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>{error}</span>
              </div>
            ) : null}

            <div>
              <label htmlFor="login-username" className="mb-1.5 block text-sm font-medium text-slate-700">
                Username
              </label>
              <div className="relative">
                <User
                  aria-hidden="true"
                  className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400"
                />
                <input
                  id="login-username"
                  name="username"
                  type="text"
                  autoComplete="username"
                  autoFocus
                  required
                  disabled={isLoading}
                  value={username}
                  onChange={(event) => edit(setUsername)(event.target.value)}
                  className={inputClass}
                />
              </div>
            </div>

            <div>
              <label htmlFor="login-password" className="mb-1.5 block text-sm font-medium text-slate-700">
                Password
              </label>
              <div className="relative">
                <Lock
                  aria-hidden="true"
                  className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400"
                />
                <input
                  id="login-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  disabled={isLoading}
                  value={password}
                  onChange={(event) => edit(setPassword)(event.target.value)}
                  className={inputClass}
                />
              </div>
            </div>

            <button
              type="submit"
              disabled={isLoading}
              className="flex w-full items-center justify-center gap-2 rounded-md bg-blue-600 px-3 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:bg-blue-400"
            >
              {isLoading ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
              {isLoading ? 'Signing in...' : 'Sign In'}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
