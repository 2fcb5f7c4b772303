import { buttonClass } from '@/components/ui/button';
import type { BulkOperation } from '@provisor/server/contract';
import { useOperations } from '../api/get-operations';
import { formatDateTime } from '@/lib/format';

/** done (completed), failed (failed or cancelled), waiting (pending or running), of total. */
export function operationProgress(op: BulkOperation) {
  const failed = op.failed + op.cancelled;
  const waiting = op.pending + op.running;
  return { done: op.completed, failed, waiting, finished: op.completed + failed, total: op.total };
}

/** A bulk operation's jobs as one bar: green done, red failed, the rest waiting. */
export function OperationProgress({ operation }: { operation: BulkOperation }) {
  const p = operationProgress(operation);
  const share = (n: number) => (p.total > 0 ? `${(n / p.total) * 100}%` : '0%');
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={`Progress of ${operation.summary}`}
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.finished}
        aria-valuetext={`${p.finished} of ${p.total}`}
        className="flex h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="bg-green-500 transition-all" style={{ width: share(p.done) }} />
        <div className="bg-red-500 transition-all" style={{ width: share(p.failed) }} />
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
        <span data-testid="operation-progress">
          {p.finished} of {p.total}
        </span>
        <span>
          {p.done} done · {p.failed} failed · {p.waiting} waiting
        </span>
      </div>
    </div>
  );
}

export interface OperationsListProps {
  /** The operation whose jobs the list below shows, if any. */
  shown: string | undefined;
  onShow: (operation: BulkOperation | undefined) => void;
}

/** The latest bulk operations, each a group with its progress bar (issue 16 point 3). */
export function OperationsList({ shown, onShow }: OperationsListProps) {
  const query = useOperations();
  const operations = query.data?.operations ?? [];
  if (query.isError && operations.length === 0) {
    return (
      <p role="alert" className="px-4 py-3 text-sm text-red-700">
        Failed to load bulk operations.
      </p>
    );
  }
  if (operations.length === 0) return null;
  return (
    <div className="border-b border-slate-200">
      <h3 className="px-4 pt-3 text-sm font-semibold text-slate-900">Bulk operations</h3>
      <ul className="divide-y divide-slate-100">
        {operations.map((op) => (
          <li key={op.id} className="space-y-2 px-4 py-3" data-testid={`operation-${op.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-slate-900">{op.summary}</p>
                <p className="text-xs text-slate-500">
                  {op.type} · {formatDateTime(op.createdAt)}
                  {op.createdBy ? ` · ${op.createdBy}` : ''}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass(shown === op.id ? 'primary' : 'secondary', 'sm')}
                aria-pressed={shown === op.id}
                onClick={() => onShow(shown === op.id ? undefined : op)}
              >
                {shown === op.id ? 'Showing jobs' : 'Show jobs'}
              </button>
            </div>
            <OperationProgress operation={op} />
          </li>
        ))}
      </ul>
    </div>
  );
}
