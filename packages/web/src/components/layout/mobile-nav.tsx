import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useRole } from '@/hooks/use-role';
import { ROLE_LABEL } from '@/lib/roles';
import { useAuthStore } from '@/stores/auth-store';
import { NavLinks } from './nav-links';

/**
 * The navigation on screens narrower than the sidebar's breakpoint (md): a "Menu" button in the header
 * that opens the sidebar's links in a panel under it. The panel closes on navigation, on Escape (focus
 * back on the button) and on a click outside it.
 */
export function MobileNav() {
  const { pathname } = useLocation();
  // Open for the page it was opened on: any navigation closes it, without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const username = useAuthStore((state) => state.username);
  const role = useRole();

  useEffect(() => {
    if (!open) return;
    const links = [...(panel.current?.querySelectorAll<HTMLElement>('a') ?? [])];
    (links.find((link) => link.getAttribute('aria-current') === 'page') ?? links[0])?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="-ml-1 inline-flex items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {open ? (
          <X aria-hidden="true" className="h-5 w-5" />
        ) : (
          <Menu aria-hidden="true" className="h-5 w-5" />
        )}
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg"
        >
          <nav aria-label="Main" className="flex flex-col gap-1 p-3">
            <NavLinks onNavigate={() => setOpenOn(null)} />
          </nav>
          {/* The header has no room for the user on a phone: the menu says who is signed in, and as what. */}
          <p data-testid="menu-user" className="border-t border-slate-100 px-6 py-3 text-sm text-slate-600">
            Signed in as <span className="font-medium text-slate-900">{username || 'User'}</span>
            {role ? ` (${ROLE_LABEL[role]})` : null}
          </p>
        </div>
      ) : null}
    </div>
  );
}
