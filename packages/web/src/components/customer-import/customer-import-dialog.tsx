import { Dialog } from '@/components/ui/dialog';
import { buttonClass } from '@/components/ui/button';
import type { BulkImportCsvResult } from '@provisor/server/contract';
import { CustomerImportForm, type ImportDraft, type ImportTemplateChoice } from './customer-import-form';

export interface CustomerImportDialogProps {
  templates: readonly ImportTemplateChoice[];
  onClose: () => void;
  /** Called with the server's answer; the dialog closes itself. */
  onImported: (result: BulkImportCsvResult) => void;
  draft?: ImportDraft;
  onDraftChange?: (draft: ImportDraft) => void;
}

/** spec §2 Bulk Operations "CSV Import: dialog": the import form in a dialog ("Please select a template"). */
export function CustomerImportDialog({
  templates,
  onClose,
  onImported,
  draft,
  onDraftChange,
}: CustomerImportDialogProps) {
  return (
    <Dialog title="Import Customers from CSV" onClose={onClose} size="lg">
      <CustomerImportForm
        templates={templates}
        draft={draft}
        onDraftChange={onDraftChange}
        onImported={(result) => {
          onImported(result);
          onClose();
        }}
        secondary={
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
        }
      />
    </Dialog>
  );
}
