import { CircleUser, LogOut, Server, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { PRODUCT_NAME } from '@/config/constants';
import { useRole } from '@/hooks/use-role';
import { ROLE_LABEL } from '@/lib/roles';
import { useAuthStore } from '@/stores/auth-store';
import { ConnectionIndicator } from './connection-indicator';
import { MobileNav } from './mobile-nav';

export interface AppHeaderProps {
  providerName: string;
  serverAddress: string;
}

const iconButton =
  'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-200 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** spec §2 "Authenticated shell": product, provider, server address, live indicator, user, Settings, Logout. */
export function AppHeader({ providerName, serverAddress }: AppHeaderProps) {
  const username = useAuthStore((state) => state.username);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();
  // Issue 22: the role beside the name; Settings is the admins' (hidden once the role says otherwise).
  const role = useRole();

  const onLogout = () => {
    logout();
    void navigate('/login', { replace: true });
  };

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex h-16 items-center gap-3 px-4 sm:gap-4 sm:px-6">
        <MobileNav />
        <div className="flex min-w-0 items-center gap-3">
          {/* On a phone the menu button takes the mark's place, so the product name is never cut. */}
          <span className="hidden sm:block">
            <BrandMark />
          </span>
          <div className="min-w-0 leading-tight">
            <p className="truncate text-base font-semibold text-slate-900">{PRODUCT_NAME}</p>
            {providerName ? (
              <p className="truncate text-xs text-slate-500" data-testid="provider-name">
                {providerName}
              </p>
            ) : null}
          </div>
        </div>

        <div className="hidden items-center gap-1.5 rounded-md bg-slate-50 px-2.5 py-1 font-mono text-xs text-slate-600 ring-1 ring-inset ring-slate-200 lg:inline-flex">
          <Server aria-hidden="true" className="h-3.5 w-3.5 text-slate-400" />
          <span data-testid="server-address">{serverAddress}</span>
        </div>

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <ConnectionIndicator />
          <span className="hidden items-center gap-1.5 text-sm text-slate-700 sm:inline-flex">
            <CircleUser aria-hidden="true" className="h-4 w-4 text-slate-400" />
            <span data-testid="current-user">{username || 'User'}</span>
            {role ? (
              <span
                data-testid="current-role"
                className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-inset ring-slate-200"
              >
                {ROLE_LABEL[role]}
              </span>
            ) : null}
          </span>
          {role === null || role === 'admin' ? (
            <button
              type="button"
              aria-label="Settings"
              className={iconButton}
              onClick={() => void navigate('/settings')}
            >
              <Settings aria-hidden="true" className="h-4 w-4" />
              <span className="hidden sm:inline">Settings</span>
            </button>
          ) : null}
          <button type="button" aria-label="Logout" className={iconButton} onClick={onLogout}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            <span className="hidden sm:inline">Logout</span>
          </button>
        </div>
      </div>
    </header>
  );
}
