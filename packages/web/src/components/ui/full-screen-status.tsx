import { Spinner } from './spinner';

/** A centred spinner and message, for states before the shell exists (e.g. "Verifying authentication..."). */
export function FullScreenStatus({ message }: { message: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div role="status" aria-live="polite" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner />
        <span>{message}</span>
      </div>
    </div>
  );
}
