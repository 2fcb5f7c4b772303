// Issue 22: the Audit Log (admins only): every change made through the API, filtered by user, action,
// target and time, paged, and exported as CSV with the same filters.
import type { AuditEntry } from '@provisor/server/contract';
import { FileDown, Filter, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { FormField, inputClass } from '@/components/ui/form-field';
import { LoadFailure } from '@/components/ui/load-failure';
import { OffsetPager } from '@/components/ui/offset-pager';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useRole } from '@/hooks/use-role';
import { serverDetail } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { exportAudit } from '../api/export-audit';
import { useAudit } from '../api/get-audit';
import {
  AUDIT_PAGE_SIZE,
  auditParams,
  EMPTY_FILTERS,
  validateFilters,
  type AuditFilterErrors,
  type AuditFilters,
} from '../lib/audit-filters';

export const AUDIT_ADMIN_ONLY = 'Only admins can see the audit log';

export function AuditPage() {
  const role = useRole();
  return (
    <div className="space-y-4">
      <PageHeader title="Audit Log" subtitle="Who changed what, when, and from where" />
      {role !== null && role !== 'admin' ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg bg-white p-6 text-sm text-slate-700 ring-1 ring-slate-200"
        >
          <ShieldAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-600" />
          <p>
            <span className="font-semibold text-slate-900">{AUDIT_ADMIN_ONLY}.</span> Your role ({role})
            cannot open it; ask an admin.
          </p>
        </div>
      ) : (
        <AuditLog />
      )}
    </div>
  );
}

const NO_ANSWER = 'The server did not answer. Check that it is running, then try again.';

function AuditLog() {
  const [typed, setTyped] = useState<AuditFilters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(EMPTY_FILTERS);
  const [errors, setErrors] = useState<AuditFilterErrors>({});
  const [offset, setOffset] = useState(0);
  const [exporting, setExporting] = useState(false);
  const query = useAudit(auditParams(applied, { limit: AUDIT_PAGE_SIZE, offset }));

  const set = (key: keyof AuditFilters, value: string) => {
    setTyped((now) => ({ ...now, [key]: value }));
    setErrors((now) => ({ ...now, [key]: undefined }));
  };
  const onApply = () => {
    const found = validateFilters(typed);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setApplied(typed);
    setOffset(0);
  };
  const onExport = () => {
    setExporting(true);
    exportAudit(auditParams(applied))
      .then((blob) => saveFile(blob, 'audit-log.csv'))
      .catch((error: unknown) =>
        toast.error('Failed to export the audit log', { description: serverDetail(error) ?? NO_ANSWER }),
      )
      .finally(() => setExporting(false));
  };
  const text = (key: 'actor' | 'action' | 'target', label: string, placeholder: string) => (
    <FormField label={label}>
      {(props) => (
        <input
          {...props}
          className={inputClass}
          placeholder={placeholder}
          value={typed[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </FormField>
  );
  const time = (key: 'from' | 'to', label: string) => (
    <FormField label={label} error={errors[key]}>
      {(props) => (
        <input
          {...props}
          type="datetime-local"
          className={inputClass}
          value={typed[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <>
      <form
        noValidate
        aria-label="Audit filters"
        className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {text('actor', 'User', 'e.g. alice or token:billing')}
          {text('action', 'Action', 'e.g. devices.reboot')}
          {text('target', 'Target', 'a device id, a user...')}
          {time('from', 'From')}
          {time('to', 'To')}
        </div>
        {Object.values(errors).some(Boolean) ? (
          <ErrorBanner
            title="Fix the filters, then apply again"
            items={Object.values(errors).filter((e): e is string => Boolean(e))}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass('primary')}>
            <Filter aria-hidden="true" className="h-4 w-4" />
            Apply Filters
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              setTyped(EMPTY_FILTERS);
              setApplied(EMPTY_FILTERS);
              setErrors({});
              setOffset(0);
            }}
          >
            Clear
          </button>
          <button
            type="button"
            className={`${buttonClass('secondary')} sm:ml-auto`}
            onClick={onExport}
            disabled={exporting}
          >
            {exporting ? (
              <Spinner className="h-4 w-4" />
            ) : (
              <FileDown aria-hidden="true" className="h-4 w-4" />
            )}
            Export CSV
          </button>
        </div>
      </form>
      {query.isPending ? (
        <div role="status" className="flex justify-center py-12">
          <Spinner className="h-8 w-8" />
          <span className="sr-only">Loading the audit log...</span>
        </div>
      ) : query.isError ? (
        <LoadFailure
          title="Failed to load the audit log"
          detail={serverDetail(query.error) ?? 'Please check if the server is running and try again.'}
          onRetry={() => void query.refetch()}
          boxed
        />
      ) : query.data.entries.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
          No audit entries match these filters
        </p>
      ) : (
        <>
          <AuditTable entries={query.data.entries} />
          <OffsetPager
            offset={offset}
            shown={query.data.entries.length}
            total={query.data.total}
            pageSize={AUDIT_PAGE_SIZE}
            noun="entries"
            testId="audit-pager"
            onOffset={setOffset}
          />
        </>
      )}
    </>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            {['Time', 'User', 'Role', 'Action', 'Target', 'Address', 'Result', 'Status', 'Detail'].map(
              (h) => (
                <th key={h} className="px-3 py-2 whitespace-nowrap">
                  {h}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(entry.timestamp)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{entry.actor ?? '—'}</td>
              <td className="px-3 py-2">{entry.role ?? '—'}</td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap" title={entry.route}>
                {entry.action}
              </td>
              <td className="max-w-48 truncate px-3 py-2 font-mono text-xs" title={entry.target ?? undefined}>
                {entry.target ?? '—'}
              </td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{entry.address}</td>
              <td className="px-3 py-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
                    entry.result === 'success'
                      ? 'bg-green-50 text-green-700 ring-green-200'
                      : 'bg-red-50 text-red-700 ring-red-200'
                  }`}
                >
                  {entry.result === 'success' ? 'Success' : 'Failure'}
                </span>
              </td>
              <td className="px-3 py-2">{entry.status}</td>
              <td className="max-w-md min-w-56 px-3 py-2 text-slate-600">{entry.detail ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
