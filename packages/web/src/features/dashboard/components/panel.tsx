import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export interface PanelProps {
  title: string;
  /** Beside the title, e.g. the feed's Live mark. */
  aside?: ReactNode;
  /** The query behind the panel: its failure stays inside the panel, the rest of the page works on. */
  state: { isPending: boolean; isError: boolean; hasData: boolean; retry: () => void };
  children: ReactNode;
}

/** One Dashboard panel: a titled card with its own loading and failure states. */
export function Panel({ title, aside, state, children }: PanelProps) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  let body: ReactNode;
  if (state.isPending) {
    body = (
      <div role="status" className="flex justify-center py-10">
        <Spinner className="h-6 w-6" />
        <span className="sr-only">Loading {title}...</span>
      </div>
    );
  } else if (state.isError && !state.hasData) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-2 py-10 text-center text-sm text-slate-600">
        <CircleAlert aria-hidden="true" className="h-6 w-6 text-red-500" />
        <p>Could not load {title}. Check that the server is running, then retry.</p>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={state.retry}>
          Retry
        </button>
      </div>
    );
  } else body = children;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {body}
    </section>
  );
}

/** A query's state as a panel needs it. */
export const panelState = (query: {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  refetch: () => unknown;
}) => ({
  isPending: query.isPending,
  isError: query.isError,
  hasData: query.data !== undefined,
  retry: () => void query.refetch(),
});
