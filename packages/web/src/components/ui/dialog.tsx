import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface DialogProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs for forms with several fields; 'lg' for editors (e.g. a template's mapping). */
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The bottom of the screen kept for toasts (the Toaster in app/provider.tsx sits bottom right, full
 * width below 600 px): 24 px from the edge plus a two-line toast.
 */
export const TOAST_ZONE = 'bottom-28';

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

const FOCUSABLE = 'input:not([disabled]), select, textarea, button:not([disabled]), [href]';

/** A modal dialog: Escape and the backdrop close it; focus moves in on open and back on close. */
export function Dialog({ title, description, onClose, children, size = 'md' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onEscape = useEffectEvent(() => onClose());

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(`form ${FOCUSABLE}`);
    (first ?? panel.current)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" onClick={onClose} />
      {/* The dialog scrolls in a box that ends above the toasts' corner (TOAST_ZONE), so a message
          shown while it is open (a failed action keeps the dialog) never covers its buttons. */}
      <div
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
        className={`absolute inset-x-0 top-0 flex items-start justify-center overflow-y-auto p-4 ${TOAST_ZONE}`}
      >
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={`relative my-auto w-full rounded-xl bg-white shadow-xl ring-1 ring-slate-200 focus:outline-none ${SIZES[size]}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            <div>
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
          <div className="px-5 py-4">{children}</div>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex justify-end gap-2">{children}</div>;
}
