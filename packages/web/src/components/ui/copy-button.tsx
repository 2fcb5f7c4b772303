import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from './button';

/** Copies `text` to the clipboard; says "Copied" a moment, or that copying failed (select it by hand). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onCopy = () => {
    navigator.clipboard
      .writeText(text)
      .then(() => setState('copied'))
      .catch(() => setState('failed'));
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={buttonClass('secondary', 'sm')} onClick={onCopy}>
        {state === 'copied' ? (
          <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
        ) : (
          <Copy aria-hidden="true" className="h-4 w-4" />
        )}
        {state === 'copied' ? 'Copied' : label}
      </button>
      {state === 'failed' ? (
        <span role="alert" className="text-xs text-red-700">
          Could not copy: select the text and copy it by hand.
        </span>
      ) : null}
    </span>
  );
}
