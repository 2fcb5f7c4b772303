import { Download } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { maskSecret } from '@/lib/secrets';
import { saveTextFile } from '@/lib/save-file';
import type { BulkImportCsvResult } from '@provisor/server/contract';
import { resultsCsv, resultsFileName } from './lib/results-csv';

/**
 * An import's outcome (spec §2): the summary, each row's result, and "Download Results" (the file
 * carries the passwords to hand the customers; the table masks them).
 */
export function CustomerImportResults({
  result,
  onDismiss,
  downloadLabel = 'Download Results',
}: {
  result: BulkImportCsvResult;
  onDismiss: () => void;
  /** The download's words (Bulk Operations: "Download Results"; Customer Routers: "Download Results CSV"). */
  downloadLabel?: string;
}) {
  return (
    <section
      aria-label="Import results"
      className="min-w-0 space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm font-medium text-slate-900" data-testid="import-summary">
          Import completed: {result.successful} successful, {result.failed} failed
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={() => saveTextFile(resultsCsv(result.results), resultsFileName())}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {downloadLabel}
          </button>
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      </div>
      <div className="max-h-[28rem] overflow-auto rounded-md ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Import results">
          <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-3 py-2">Line</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2">Surname</th>
              <th className="px-3 py-2">SSID</th>
              <th className="px-3 py-2">Password</th>
              <th className="px-3 py-2">Serial Number</th>
              <th className="px-3 py-2">Profile / Error</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {result.results.map((row) => (
              <tr key={row.line} className={row.success ? undefined : 'bg-red-50'}>
                <td className="px-3 py-2 text-slate-500">{row.line}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <span className={row.success ? 'text-green-700' : 'font-medium text-red-700'}>
                    {row.success ? 'Success' : 'Failed'}
                  </span>
                </td>
                <td className="px-3 py-2 text-slate-900">{row.surname}</td>
                <td className="px-3 py-2 font-mono whitespace-nowrap">{row.ssid}</td>
                <td className="px-3 py-2 font-mono whitespace-nowrap">{maskSecret(row.password ?? '')}</td>
                <td className="px-3 py-2 font-mono whitespace-nowrap">{row.serialNumber}</td>
                <td className="px-3 py-2 text-slate-700">{row.success ? row.profileName : row.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
