import { Copy, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { generatePassword } from '@provisor/common';
import { buttonClass } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { inputClass } from '@/components/ui/form-field';
import { errorText } from '@/lib/api-error';
import { useCreateCustomerProfiles } from '../api/create-customer-profiles';
import {
  MANUAL_MESSAGES,
  buildCreateRequest,
  duplicateCustomerRow,
  newCustomerRow,
  readyLabel,
  type CustomerRow,
} from '../lib/manual-customers';
import { TemplateSelect } from './template-select';
import type { ShowBanner } from './use-banner';
import { useGuard } from '@/hooks/use-role';

/** spec §2 Manual Creation: customer rows, a template, "Create All Profiles". */
export function ManualCreationTab({ onBanner }: { onBanner: ShowBanner }) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const [rows, setRows] = useState<CustomerRow[]>([]);
  const [templateId, setTemplateId] = useState('');
  const [invalid, setInvalid] = useState<{ error: string; rowErrors: Record<string, string> } | null>(null);
  const create = useCreateCustomerProfiles();

  const change = (next: CustomerRow[]) => {
    setRows(next);
    setInvalid(null);
  };
  const update = (key: string, changes: Partial<CustomerRow>) =>
    change(rows.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  const submit = () => {
    const built = buildCreateRequest(rows, templateId);
    if (!built.ok) {
      setInvalid(built);
      return;
    }
    create.mutate(built.profiles, {
      onSuccess: (answer) => {
        if (answer.failed === 0) {
          onBanner('success', MANUAL_MESSAGES.created(answer.created));
          setRows([]);
          return;
        }
        // Keep the rows the server refused, with its reason, so nothing typed is lost.
        const refused = new Map(answer.results.filter((r) => !r.success).map((r) => [r.index, r]));
        const kept = rows.filter((_, index) => refused.has(index));
        const rowErrors: Record<string, string> = {};
        rows.forEach((row, index) => {
          const r = refused.get(index);
          if (r) rowErrors[row.key] = r.error ?? (r.validationErrors ?? []).join('; ');
        });
        setRows(kept);
        setInvalid({ error: `${MANUAL_MESSAGES.failed}: ${answer.failed} refused`, rowErrors });
        onBanner(
          answer.created > 0 ? 'success' : 'error',
          answer.created > 0 ? MANUAL_MESSAGES.created(answer.created) : MANUAL_MESSAGES.failed,
        );
      },
      onError: (error) => onBanner('error', errorText(error, MANUAL_MESSAGES.failed)),
    });
  };

  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TemplateSelect
          value={templateId}
          onChange={(value) => {
            setTemplateId(value);
            setInvalid(null);
          }}
          error={invalid?.error === MANUAL_MESSAGES.noTemplate ? invalid.error : undefined}
        />
      </div>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
          No customers added yet
        </p>
      ) : (
        <ul className="space-y-3">
          {rows.map((row, index) => {
            const n = index + 1;
            const error = invalid?.rowErrors[row.key];
            return (
              <li
                key={row.key}
                data-testid={`customer-row-${n}`}
                className="rounded-md p-3 ring-1 ring-slate-200"
              >
                <div className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-center">
                  <input
                    aria-label={`Surname ${n}`}
                    placeholder="Surname"
                    className={inputClass}
                    aria-invalid={Boolean(error)}
                    value={row.surname}
                    onChange={(e) => update(row.key, { surname: e.target.value })}
                  />
                  <div className="flex gap-1">
                    <input
                      aria-label={`Password ${n}`}
                      className={`${inputClass} font-mono`}
                      value={row.password}
                      onChange={(e) => update(row.key, { password: e.target.value })}
                    />
                    <button
                      type="button"
                      aria-label={`Regenerate password ${n}`}
                      title="Regenerate password"
                      className={buttonClass('secondary', 'icon')}
                      onClick={() => update(row.key, { password: generatePassword() })}
                    >
                      <RefreshCw aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </div>
                  <input
                    aria-label={`Serial number ${n}`}
                    placeholder="Serial number (optional)"
                    className={inputClass}
                    value={row.serialNumber}
                    onChange={(e) => update(row.key, { serialNumber: e.target.value })}
                  />
                  <div className="flex gap-1">
                    <button
                      type="button"
                      aria-label={`Duplicate customer ${n}`}
                      title="Duplicate"
                      className={buttonClass('ghost', 'icon')}
                      onClick={() =>
                        change([...rows.slice(0, n), duplicateCustomerRow(row), ...rows.slice(n)])
                      }
                    >
                      <Copy aria-hidden="true" className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove customer ${n}`}
                      title="Remove"
                      className={buttonClass('ghost', 'icon')}
                      onClick={() => change(rows.filter((r) => r.key !== row.key))}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </div>
                </div>
                {error ? <p className="mt-1 text-xs font-medium text-red-600">{error}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
      {invalid && invalid.error !== MANUAL_MESSAGES.noTemplate ? <ErrorBanner title={invalid.error} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => change([...rows, newCustomerRow()])}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add Customer
        </button>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <span className="text-sm text-slate-600" data-testid="ready-count">
            {readyLabel(rows.length)}
          </span>
          <button
            type="button"
            className={buttonClass('primary')}
            title={guard.title}
            disabled={guard.disabled || rows.length === 0 || create.isPending}
            onClick={submit}
          >
            Create All Profiles
          </button>
        </div>
      </div>
    </div>
  );
}
