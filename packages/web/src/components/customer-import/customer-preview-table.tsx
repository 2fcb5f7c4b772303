import { maskSecret } from '@/lib/secrets';
import type { CustomerPreview } from './lib/preview';

/** The first customers as the import will read them (spec §9: 5 rows), each row's problem beside it. */
export function CustomerPreviewTable({ preview }: { preview: Extract<CustomerPreview, { kind: 'ok' }> }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" data-testid="preview-summary">
        Preview ({preview.rows.length} of {preview.total} customers)
        {preview.problems > 0 ? (
          <span className="font-medium text-red-700">
            {' '}
            · {preview.problems} {preview.problems === 1 ? 'row' : 'rows'} will not import
          </span>
        ) : null}
      </p>
      <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Preview">
          <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-3 py-2">Line</th>
              <th className="px-3 py-2">Surname</th>
              <th className="px-3 py-2">SSID</th>
              <th className="px-3 py-2">Password</th>
              <th className="px-3 py-2">Serial Number</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((row) => (
              <tr key={row.line} className={row.error ? 'bg-red-50' : undefined}>
                <td className="px-3 py-2 text-slate-500">{row.line}</td>
                <td className="px-3 py-2 text-slate-900">
                  {row.surname}
                  {row.error ? <p className="text-xs font-medium text-red-700">{row.error}</p> : null}
                </td>
                <td className="px-3 py-2 font-mono whitespace-nowrap">{row.ssid}</td>
                <td className="px-3 py-2 font-mono whitespace-nowrap">
                  {row.generated ? (
                    <span className="text-slate-500 italic">generated</span>
                  ) : (
                    maskSecret(row.password)
                  )}
                </td>
                <td className="px-3 py-2 font-mono whitespace-nowrap">{row.serialNumber}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
