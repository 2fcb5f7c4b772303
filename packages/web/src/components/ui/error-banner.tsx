import { CircleAlert } from 'lucide-react';

export interface ErrorBannerProps {
  title: string;
  /** Details, e.g. every problem the server listed. */
  items?: readonly string[];
  onDismiss?: () => void;
}

/** A failure shown in place (forms, dialogs, screens): what went wrong, then each problem. */
export function ErrorBanner({ title, items = [], onDismiss }: ErrorBannerProps) {
  return (
    <div role="alert" className="flex gap-3 rounded-md bg-red-50 p-3 text-sm ring-1 ring-inset ring-red-200">
      <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium break-words text-red-800">{title}</p>
        {items.length > 0 ? (
          <ul className="list-disc space-y-0.5 pl-4 text-red-700">
            {items.map((item) => (
              <li key={item} className="break-words">
                {item}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          className="self-start text-xs font-medium text-red-700 hover:text-red-900"
          onClick={onDismiss}
        >
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
