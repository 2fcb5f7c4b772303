import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './button';
import { Dialog, DialogFooter } from './dialog';

export interface ConfirmDialogProps {
  title: string;
  /** The question, in the spec's words (e.g. Are you sure you want to delete ...?). */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  /** Disables the buttons while the confirmed action runs. */
  pending?: boolean;
  /** Why the confirmed action failed, shown in the dialog (e.g. the server's 409 message). */
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small yes/no dialog in front of an action that cannot be undone. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'danger',
  pending = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} size="sm" onClose={onCancel}>
      <p className="text-sm text-slate-700">{message}</p>
      {error ? (
        <div
          role="alert"
          className="mt-4 flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-inset ring-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
          <p>{error}</p>
        </div>
      ) : null}
      <DialogFooter>
        <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </button>
        <button type="button" className={buttonClass(confirmVariant)} onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
