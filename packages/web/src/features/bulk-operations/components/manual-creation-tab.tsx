import { ArrowRight, Phone, Router, Tv } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';

const PLANNED = [
  { title: 'IP Phones', icon: Phone },
  { title: 'IPTV Set-top Boxes', icon: Tv },
] as const;

/** spec §2 Bulk Operations, Manual Creation: only a link to /customer-routers, plus the planned kinds. */
export function ManualCreationTab() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <div className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="flex items-center gap-2">
          <Router aria-hidden="true" className="h-5 w-5 text-blue-600" />
          <h2 className="text-sm font-semibold text-slate-900">Customer Routers</h2>
        </div>
        <p className="text-sm text-slate-600">
          Create customer router profiles one by one on the Customer Routers screen.
        </p>
        <Link to="/customer-routers" className={`${buttonClass('primary')} self-start`}>
          Go to Customer Routers
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
      {PLANNED.map(({ title, icon: Icon }) => (
        <div
          key={title}
          aria-label={title}
          role="group"
          className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <Icon aria-hidden="true" className="h-5 w-5 text-slate-400" />
              <h2 className="text-sm font-semibold text-slate-700">{title}</h2>
            </div>
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
              Planned
            </span>
          </div>
        </div>
      ))}
    </div>
  );
}
