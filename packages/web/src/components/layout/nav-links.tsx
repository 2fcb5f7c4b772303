import { NavLink } from 'react-router';
import { useRole } from '@/hooks/use-role';
import { roleMay } from '@/lib/roles';
import { NAV_ITEMS } from './nav-items';

const linkBase =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const linkIdle = 'text-slate-600 hover:bg-slate-100 hover:text-slate-900';
const linkActive = 'bg-blue-50 text-blue-700 ring-1 ring-inset ring-blue-200';

/**
 * spec §2 "Authenticated shell": the links of the sidebar (and of the phone menu), the active one
 * highlighted (NavLink also sets aria-current="page").
 */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const role = useRole();
  // An entry that needs a permission shows only once the role is known to have it.
  const items = NAV_ITEMS.filter(
    ({ permission }) => !permission || (role !== null && roleMay(role, permission)),
  );
  return items.map(({ label, to, icon: Icon }) => (
    <NavLink
      key={to}
      to={to}
      end={to === '/'}
      onClick={onNavigate}
      className={({ isActive }) => `${linkBase} ${isActive ? linkActive : linkIdle}`}
    >
      {({ isActive }) => (
        <>
          <Icon aria-hidden="true" className={`h-4 w-4 ${isActive ? 'text-blue-600' : 'text-slate-400'}`} />
          <span>{label}</span>
        </>
      )}
    </NavLink>
  ));
}
