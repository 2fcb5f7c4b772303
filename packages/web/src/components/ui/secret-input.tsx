import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';

export interface SecretInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Names the reveal button: "Show {what}" / "Hide {what}". */
  what: string;
}

/**
 * A password input with an explicit reveal (issue 19 point 5): the only place a secret shows in clear
 * is an edit form, and only after the operator asks. Disabled with its fieldset (a read-only view).
 */
export function SecretInput({ what, className, ...input }: SecretInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative min-w-0 flex-1">
      <input
        {...input}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        spellCheck={false}
        className={`${className ?? ''} pr-9`}
      />
      <button
        type="button"
        aria-label={`${shown ? 'Hide' : 'Show'} ${what}`}
        aria-pressed={shown}
        title={shown ? 'Hide' : 'Show'}
        onClick={() => setShown((now) => !now)}
        className="absolute inset-y-0 right-0 flex items-center px-2.5 text-slate-400 hover:text-slate-700 disabled:opacity-50"
      >
        {shown ? (
          <EyeOff aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Eye aria-hidden="true" className="h-4 w-4" />
        )}
      </button>
    </div>
  );
}
