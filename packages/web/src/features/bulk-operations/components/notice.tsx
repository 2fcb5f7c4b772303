import { CircleCheck } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';

/** What the last action of a tab came to: a success line, or a failure with its details. */
export type Notice = { kind: 'success'; text: string } | { kind: 'error'; text: string; items?: string[] };

export function NoticeBanner({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return null;
  if (notice.kind === 'error') {
    return <ErrorBanner title={notice.text} items={notice.items ?? []} onDismiss={onDismiss} />;
  }
  return (
    <div
      role="status"
      className="flex gap-3 rounded-md bg-green-50 p-3 text-sm ring-1 ring-inset ring-green-200"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-600" />
      <p className="min-w-0 flex-1 font-medium break-words text-green-800">{notice.text}</p>
      <button
        type="button"
        className="self-start text-xs font-medium text-green-700 hover:text-green-900"
        onClick={onDismiss}
      >
        Dismiss
      </button>
    </div>
  );
}
