import { FileDown, FileUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { CustomerImportDialog } from '@/components/customer-import/customer-import-dialog';
import { EMPTY_DRAFT, type ImportDraft } from '@/components/customer-import/customer-import-form';
import { CustomerImportResults } from '@/components/customer-import/customer-import-results';
import { downloadCustomerTemplate } from '@/components/customer-import/download-customer-template';
import { buttonClass } from '@/components/ui/button';
import type { BulkImportCsvResult } from '@provisor/server/contract';
import { useImportTemplates } from '../api/get-import-templates';
import { NoticeBanner, type Notice } from './notice';

/** spec §8, letter for letter. */
export const importedMessage = (n: number) => `Successfully imported ${n} profiles`;

/**
 * spec §2 Bulk Operations, CSV Import: the import dialog (any template), the results table with
 * Download Results, and Download Template.
 */
export function CsvImportTab() {
  const templatesQuery = useImportTemplates();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<BulkImportCsvResult | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // A dialog closed by Escape, the backdrop or Cancel keeps what was typed for the next opening.
  const [draft, setDraft] = useState<ImportDraft>(EMPTY_DRAFT);
  const templates = useMemo(
    () =>
      (templatesQuery.data?.templates ?? []).map((t) => ({
        id: t.id,
        label: `${t.name} (${t.vendor} ${t.model})`,
      })),
    [templatesQuery.data],
  );

  return (
    <div className="min-w-0 space-y-4">
      <section
        aria-label="CSV Import"
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-base font-semibold text-slate-900">Import customer profiles</h2>
            <p className="text-sm text-slate-600">
              One profile per customer from a CSV list: surname, password, serial number.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass('secondary')} onClick={downloadCustomerTemplate}>
              <FileDown aria-hidden="true" className="h-4 w-4" />
              Download Template
            </button>
            <button type="button" className={buttonClass('primary')} onClick={() => setOpen(true)}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              Import CSV
            </button>
          </div>
        </div>
        {templatesQuery.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The templates could not be loaded; reload the page to choose one for the import.
          </p>
        ) : null}
        <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
      </section>

      {result ? (
        <CustomerImportResults
          result={result}
          onDismiss={() => {
            setResult(null);
            setNotice(null);
          }}
        />
      ) : null}

      {open ? (
        <CustomerImportDialog
          templates={templates}
          draft={draft}
          onDraftChange={setDraft}
          onClose={() => setOpen(false)}
          onImported={(answer) => {
            // Imported: the next import starts afresh.
            setDraft(EMPTY_DRAFT);
            setResult(answer);
            setNotice(
              answer.successful > 0
                ? { kind: 'success', text: importedMessage(answer.successful) }
                : {
                    kind: 'error',
                    text: `No profiles were imported: ${answer.failed} ${answer.failed === 1 ? 'row' : 'rows'} failed`,
                    items: ['Fix the rows listed below and import them again.'],
                  },
            );
          }}
        />
      ) : null}
    </div>
  );
}
