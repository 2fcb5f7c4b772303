import { CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { isModuleLoadError } from '@/lib/module-load-error';

/**
 * The error element of the screens inside the shell (app/routes.tsx): it replaces only the content
 * area, so the header and sidebar stay usable, and react-router clears it on the next navigation.
 * A chunk that cannot be loaded (usually an upgraded server, the tab still asking for old hashed
 * names) is not a bug in the screen, so it gets its own message; both ways out are a full reload.
 */
export function ScreenError() {
  const error = useRouteError();
  const moduleLoadFailed = isModuleLoadError(error);

  useEffect(() => {
    if (!moduleLoadFailed) console.error('Screen failed to render', error);
  }, [error, moduleLoadFailed]);

  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-lg bg-white px-4 py-16 text-center shadow-sm ring-1 ring-slate-200"
    >
      <CircleAlert aria-hidden="true" className="h-10 w-10 text-red-500" />
      {moduleLoadFailed ? (
        <>
          <h1 className="text-base font-semibold text-slate-900">This page could not be loaded</h1>
          <p className="max-w-md text-sm text-slate-600">
            The console may have been updated since this tab was opened, or the connection to the server was
            lost. Reload the page to continue.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-base font-semibold text-slate-900">Something went wrong on this page</h1>
          <p className="max-w-md text-sm break-words text-slate-600">{describeError(error)}</p>
        </>
      )}
      <button
        type="button"
        className={`${buttonClass('secondary', 'sm')} mt-2`}
        onClick={() => window.location.reload()}
      >
        Reload
      </button>
    </div>
  );
}

/** The message only: a stack means nothing to an operator (it is in the console log). */
function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}
