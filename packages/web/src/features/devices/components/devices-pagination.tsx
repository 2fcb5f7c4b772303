import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';

export interface DevicesPaginationProps {
  offset: number;
  pageSize: number;
  /** Rows on the page on screen. */
  shown: number;
  total: number;
  /** Whether a page follows; by default, whether the offset's page ends before the total. */
  hasNext?: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Server-side paging: the spec's 100 is one page; Previous/Next walk the rest. */
export function DevicesPagination({
  offset,
  pageSize,
  shown,
  total,
  hasNext = offset + pageSize < total,
  onPrevious,
  onNext,
}: DevicesPaginationProps) {
  const from = shown === 0 ? 0 : offset + 1;
  const to = Math.min(offset + shown, total);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row"
    >
      <p className="text-sm text-slate-600" data-testid="devices-range">
        Showing {from} to {to} of {total} devices
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={offset === 0}
          onClick={onPrevious}
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} disabled={!hasNext} onClick={onNext}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </nav>
  );
}
