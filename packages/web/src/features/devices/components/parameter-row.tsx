import { Check, Pencil, X } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { SecretInput } from '@/components/ui/secret-input';
import { displayValue, isLinkSecret, isSecretName } from '@/lib/secrets';
import type { DeviceParameter, Job } from '@provisor/server/contract';
import { JobStatusBadge } from '@/components/status-badge';
import { useGuard } from '@/hooks/use-role';

export interface ParameterWriteState {
  value: string;
  /** Undefined while the request that creates the job is in flight. */
  job?: Job | undefined;
}

export interface ParameterRowProps {
  parameter: DeviceParameter;
  /** What to show as the name: the last segment in the tree, the full name in a filtered list. */
  label: string;
  depth: number;
  write?: ParameterWriteState | undefined;
  onSave: (parameter: DeviceParameter, value: string) => Promise<boolean>;
}

const isBoolean = (type: string) => type.replace(/^xsd:/, '') === 'boolean';

/** One stored parameter: name, value and type; writable ones edit in place as a set-parameters job. */
export function ParameterRow({ parameter, label, depth, write, onSave }: ParameterRowProps) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { name } = parameter;
  const secret = isSecretName(name);
  // Secrets show masked; the edit form reveals them only when asked (lib/secrets.ts).
  const shown = displayValue(name, parameter.value);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (draft === null) return;
    setSaving(true);
    const ok = await onSave(parameter, draft);
    setSaving(false);
    if (ok) setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setDraft(null);
    }
  };

  return (
    <div
      data-testid={`param-${name}`}
      className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_1.75rem] sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_6rem_1.75rem] items-center gap-x-3 gap-y-1 py-1.5 pr-3 text-sm hover:bg-slate-50"
    >
      {/* A phone has no hover for the title: there the name and the value wrap rather than cut. */}
      <span
        className="font-mono text-xs break-all text-slate-700 sm:truncate"
        title={name}
        style={{ paddingLeft: `${0.75 + depth * 1.25}rem` }}
      >
        {label}
      </span>
      {draft === null ? (
        <>
          <span className="font-mono text-xs break-all text-slate-900 sm:truncate" title={shown}>
            {shown !== '' ? (
              shown
            ) : isLinkSecret(name) ? (
              // The server never sends the link's credentials (devices/parameters.ts): not "empty".
              <span className="text-slate-400">(not shown)</span>
            ) : (
              <span className="text-slate-400">(empty)</span>
            )}
          </span>
          {/* On a phone the type gives its room to the name and the value. */}
          <span className="hidden truncate text-[11px] text-slate-400 sm:block">{parameter.type}</span>
          {parameter.writable ? (
            <button
              {...guard}
              type="button"
              aria-label={`Edit ${name}`}
              className="rounded p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700"
              onClick={() => setDraft(parameter.value)}
            >
              <Pencil aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          ) : (
            <span aria-hidden="true" />
          )}
        </>
      ) : (
        // The value being typed takes the row's width: on a phone a line of its own under the name,
        // elsewhere the value's, type's and button's columns.
        <form
          onSubmit={(event) => void save(event)}
          className="col-span-full flex items-center gap-1.5 pl-3 sm:col-span-3 sm:pl-0"
          onKeyDown={onKeyDown}
        >
          {isBoolean(parameter.type) ? (
            <select
              aria-label={`Value of ${name}`}
              className="rounded-md px-2 py-1 font-mono text-xs ring-1 ring-slate-300"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
            >
              <option value="true">true</option>
              <option value="false">false</option>
              {draft !== 'true' && draft !== 'false' ? <option value={draft}>{draft}</option> : null}
            </select>
          ) : secret ? (
            <SecretInput
              aria-label={`Value of ${name}`}
              what={`value of ${name}`}
              className="w-full rounded-md px-2 py-1 font-mono text-xs ring-1 ring-slate-300 focus:ring-2 focus:ring-blue-600 focus:outline-none"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
            />
          ) : (
            <input
              aria-label={`Value of ${name}`}
              className="min-w-0 flex-1 rounded-md px-2 py-1 font-mono text-xs ring-1 ring-slate-300 focus:ring-2 focus:ring-blue-600 focus:outline-none"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
            />
          )}
          <button
            type="submit"
            aria-label={`Save ${name}`}
            className={buttonClass('primary', 'sm')}
            disabled={saving}
          >
            <Check aria-hidden="true" className="h-3.5 w-3.5" />
            Save
          </button>
          <button
            type="button"
            aria-label={`Cancel editing ${name}`}
            className={buttonClass('ghost', 'sm')}
            onClick={() => setDraft(null)}
          >
            <X aria-hidden="true" className="h-3.5 w-3.5" />
          </button>
        </form>
      )}
      {write ? (
        <span
          className="flex basis-full items-center gap-2 text-xs text-slate-600"
          data-testid={`param-write-${name}`}
        >
          Writing <span className="font-mono">&quot;{displayValue(name, write.value)}&quot;</span>
          <JobStatusBadge status={write.job?.status ?? 'pending'} />
          {write.job?.error ? <span className="text-red-700">{write.job.error}</span> : null}
        </span>
      ) : null}
    </div>
  );
}
