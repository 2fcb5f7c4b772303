import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { pageItems } from '../lib/profile-list';

export interface ProfilesPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** spec §2 / §9: client-side pages of 20, Previous/Next and a window of 7 page buttons. */
export function ProfilesPagination({ page, pageSize, total, onPage }: ProfilesPaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row"
    >
      <p className="text-sm text-slate-600" data-testid="profiles-range">
        Showing {from} to {to} of {total} results
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </button>
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <button
              key={item}
              type="button"
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              className={`${buttonClass(item === page ? 'primary' : 'ghost', 'sm')} min-w-8`}
              onClick={() => onPage(item)}
            >
              {item}
            </button>
          ) : (
            <span
              key={item}
              aria-hidden="true"
              className="px-1 text-sm text-slate-400"
              data-testid="page-gap"
            >
              …
            </span>
          ),
        )}
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </nav>
  );
}
