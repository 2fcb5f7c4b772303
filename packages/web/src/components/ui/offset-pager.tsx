import { buttonClass } from '@/components/ui/button';

/**
 * "Showing A to B of N <things>" with Previous and Next, for a list the server pages by offset
 * (the jobs panel, a campaign's failed routers).
 */
export function OffsetPager({
  offset,
  shown,
  total,
  pageSize,
  noun,
  testId,
  onOffset,
}: {
  offset: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  pageSize: number;
  /** What is counted, plural ("jobs", "failed routers"). */
  noun: string;
  testId: string;
  onOffset: (offset: number) => void;
}) {
  const last = offset + shown;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3">
      <span className="text-sm text-slate-600" data-testid={testId}>
        Showing {offset + 1} to {last} of {total} {noun}
      </span>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          Previous
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={last >= total}
          onClick={() => onOffset(offset + pageSize)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
