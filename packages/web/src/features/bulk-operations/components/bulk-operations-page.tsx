import { useId, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { BulkAssignmentTab } from './bulk-assignment-tab';
import { CsvImportTab } from './csv-import-tab';
import { ManualCreationTab } from './manual-creation-tab';

const TABS = [
  { value: 'csv', label: 'CSV Import' },
  { value: 'manual', label: 'Manual Creation' },
  { value: 'assign', label: 'Bulk Assignment' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** spec §2 Bulk Operations: CSV Import, Manual Creation and Bulk Assignment (issue 16 point 4). */
export function BulkOperationsPage() {
  const [tab, setTab] = useState<Tab>('csv');
  const tabsId = useId();
  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Bulk Operations"
        subtitle="Import customer profiles from CSV and assign profiles to devices in bulk"
      />
      <div role="tablist" aria-label="Bulk operation" className="flex flex-wrap border-b border-slate-200">
        {TABS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${tabsId}-${value}`}
            aria-selected={tab === value}
            aria-controls={`${tabsId}-panel`}
            className={`shrink-0 border-b-2 px-3 py-3 text-sm font-medium ${
              tab === value
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="min-w-0">
        {tab === 'csv' ? <CsvImportTab /> : tab === 'manual' ? <ManualCreationTab /> : <BulkAssignmentTab />}
      </div>
    </div>
  );
}
