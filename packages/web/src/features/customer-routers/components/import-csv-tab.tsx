import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { CustomerImportForm } from '@/components/customer-import/customer-import-form';
import { CustomerImportResults } from '@/components/customer-import/customer-import-results';
import { downloadCustomerTemplate } from '@/components/customer-import/download-customer-template';
import { buttonClass } from '@/components/ui/button';
import type { BulkImportCsvResult } from '@provisor/server/contract';
import { useCustomerTemplates } from '../api/get-customer-templates';
import type { ShowBanner } from './use-banner';

/**
 * spec §2 Customer Routers, Import CSV: the Router Template (customer routers' templates only), the
 * list picked, dropped or pasted, passwords generated for empty fields, a preview of 5 customers,
 * "Import N Customers", then "Import completed: X successful, Y failed" with "Download Results CSV"
 * and Dismiss. The form and the results are the customer import shared with Bulk Operations.
 */
export function ImportCsvTab({ onBanner }: { onBanner: ShowBanner }) {
  const templates = useCustomerTemplates();
  const [result, setResult] = useState<BulkImportCsvResult | null>(null);
  const choices = (templates.data ?? []).map((t) => ({
    id: t.id,
    label: `${t.name} (${t.vendor} ${t.model})`,
  }));

  return (
    <div className="min-w-0 space-y-4">
      <section
        aria-label="Import CSV"
        className="min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <CustomerImportForm
          templates={choices}
          noTemplateMessage="Please select a router template"
          templateLabel="Router Template"
          importLabel={(n) => `Import ${n} Customers`}
          onImported={(answer) => {
            setResult(answer);
            // spec §8: "Successfully imported N profiles".
            if (answer.successful > 0)
              onBanner('success', `Successfully imported ${answer.successful} profiles`);
          }}
          secondary={
            <button type="button" className={buttonClass('secondary')} onClick={downloadCustomerTemplate}>
              <FileDown aria-hidden="true" className="h-4 w-4" />
              Download Template
            </button>
          }
        />
      </section>
      {result ? (
        <CustomerImportResults
          result={result}
          downloadLabel="Download Results CSV"
          onDismiss={() => setResult(null)}
        />
      ) : null}
    </div>
  );
}
