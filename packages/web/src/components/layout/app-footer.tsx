import { PRODUCT_NAME } from '@/config/constants';

/** spec §1: "TR-069/CWMP Auto Configuration Server" plus the year and "All rights reserved". */
export function AppFooter({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-3 text-center text-xs text-slate-500 sm:px-6">
      © {year} {PRODUCT_NAME} · TR-069/CWMP Auto Configuration Server · All rights reserved
    </footer>
  );
}
