import { CircleAlert } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';

/**
 * A screen's data could not be loaded: what failed, what to check (spec §8 gives each screen's
 * words), and Retry. `boxed` draws it as a card of its own (when it stands in for a whole page).
 */
export function LoadFailure({
  title,
  detail,
  onRetry,
  boxed = false,
}: {
  title: string;
  detail?: string;
  onRetry: () => void;
  boxed?: boolean;
}) {
  const box = boxed ? 'rounded-lg bg-white shadow-sm ring-1 ring-slate-200' : '';
  return (
    <div role="alert" className={`flex flex-col items-center gap-2 px-4 py-16 text-center ${box}`}>
      <CircleAlert aria-hidden="true" className="h-10 w-10 text-red-500" />
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {detail ? <p className="text-sm text-slate-600">{detail}</p> : null}
      <button type="button" className={`${buttonClass('secondary', 'sm')} mt-2`} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
