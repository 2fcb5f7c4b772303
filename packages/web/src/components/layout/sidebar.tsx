import { NavLinks } from './nav-links';

/** spec §2: desktop-only sidebar; on small screens the header's menu (mobile-nav.tsx) has the same links. */
export function Sidebar() {
  return (
    <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:flex md:flex-col">
      <nav aria-label="Main" className="sticky top-16 flex flex-col gap-1 p-3">
        <NavLinks />
      </nav>
    </aside>
  );
}
