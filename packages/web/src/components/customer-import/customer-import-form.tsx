import { CSV_MESSAGES } from '@provisor/common';
import { Upload } from 'lucide-react';
import { useEffect, useId, useState, type DragEvent, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { FormField, inputClass } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import type { BulkImportCsvResult } from '@provisor/server/contract';
import { useImportCustomersCsv } from './api/import-customers-csv';
import { CustomerPreviewTable } from './customer-preview-table';
import { previewCustomers } from './lib/preview';
import { useGuard } from '@/hooks/use-role';

/** spec §5 "Client CSV import" and §8, letter for letter. */
export const IMPORT_MESSAGES = {
  ...CSV_MESSAGES,
  /** The dialog's wording; the Customer Routers page says "Please select a router template". */
  noTemplate: 'Please select a template',
  readFailed: 'Failed to read file',
  importFailed: 'Import failed',
  notCsv: 'Only CSV files can be dropped here: drop a .csv file (type text/csv) or paste the text',
} as const;

export interface ImportTemplateChoice {
  id: string;
  label: string;
}

/** What the operator chose and typed, kept by the caller across a closed and reopened dialog. */
export interface ImportDraft {
  templateId: string;
  csvText: string;
  fileName: string;
  generatePasswords: boolean;
}

export const EMPTY_DRAFT: ImportDraft = {
  templateId: '',
  csvText: '',
  fileName: '',
  generatePasswords: true,
};

export interface CustomerImportFormProps {
  /** Where to start (a draft kept from before); empty by default. */
  draft?: ImportDraft;
  /** Told of every change, so that closing the dialog loses nothing typed. */
  onDraftChange?: (draft: ImportDraft) => void;
  templates: readonly ImportTemplateChoice[];
  /** What an unchosen template says (spec §5: differs between the dialog and the page). */
  noTemplateMessage?: string;
  /** The template select's label (spec §2: the Customer Routers page says "Router Template"). */
  templateLabel?: string;
  onImported: (result: BulkImportCsvResult) => void;
  /** The Import button's words for a list of N customers (Customer Routers: "Import N Customers"). */
  importLabel?: (customers: number) => string;
  /** The secondary action beside Import (e.g. the dialog's Cancel). */
  secondary?: ReactNode;
}

type FieldErrors = { template?: string; csv?: string };

/**
 * The customer list import (spec §2): a template, the CSV dropped, picked or pasted, the
 * password-generation checkbox (default on), a preview of 5 rows, Import. What the operator chose
 * and typed stays through every failure.
 */
export function CustomerImportForm({
  templates,
  noTemplateMessage = IMPORT_MESSAGES.noTemplate,
  templateLabel = 'Template',
  onImported,
  importLabel = () => 'Import',
  secondary,
  draft = EMPTY_DRAFT,
  onDraftChange,
}: CustomerImportFormProps) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const [templateId, setTemplateId] = useState(draft.templateId);
  const [csvText, setCsvText] = useState(draft.csvText);
  const [fileName, setFileName] = useState(draft.fileName);
  const [generatePasswords, setGeneratePasswords] = useState(draft.generatePasswords);
  useEffect(() => {
    onDraftChange?.({ templateId, csvText, fileName, generatePasswords });
  }, [templateId, csvText, fileName, generatePasswords, onDraftChange]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dragging, setDragging] = useState(false);
  const importCsv = useImportCustomersCsv();
  const pickerId = useId();
  const preview = previewCustomers(csvText, generatePasswords);

  const loadFile = async (file: File) => {
    try {
      const text = await file.text();
      setCsvText(text);
      setFileName(file.name);
      setErrors((e) => ({ ...e, csv: undefined }));
    } catch {
      setErrors((e) => ({
        ...e,
        csv: `${IMPORT_MESSAGES.readFailed}: ${file.name} could not be read; choose it again or paste its text.`,
      }));
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    // spec §5: the dialog's drop accepts only type text/csv.
    if (file.type !== 'text/csv') {
      setErrors((e) => ({
        ...e,
        csv: `${IMPORT_MESSAGES.notCsv} (${file.name} is ${file.type || 'of unknown type'}).`,
      }));
      return;
    }
    void loadFile(file);
  };

  const submit = () => {
    importCsv.reset();
    const found: FieldErrors = {};
    if (!templateId) found.template = noTemplateMessage;
    if (csvText.trim() === '') found.csv = IMPORT_MESSAGES.noData;
    setErrors(found);
    if (found.template || found.csv || preview.kind === 'invalid') return;
    importCsv.mutate({ csvData: csvText, templateId, generatePasswords }, { onSuccess: onImported });
  };

  const failure = importCsv.error;
  const failureTitle =
    (isApiError(failure) && failure.kind === 'HTTP' && failure.serverError) || IMPORT_MESSAGES.importFailed;
  const failureItems =
    isApiError(failure) && failure.kind === 'HTTP'
      ? [...(failure.serverMessage ? [failure.serverMessage] : []), ...failure.serverErrors]
      : [];

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField label={templateLabel} error={errors.template}>
        {(field) => (
          <select
            {...field}
            className={inputClass}
            value={templateId}
            onChange={(e) => {
              setTemplateId(e.target.value);
              setErrors((current) => ({ ...current, template: undefined }));
            }}
          >
            <option value="">Select a template</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <div
        data-testid="csv-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-5 text-center text-sm ${
          dragging ? 'border-blue-500 bg-blue-50' : 'border-slate-300'
        }`}
      >
        <Upload aria-hidden="true" className="h-6 w-6 text-slate-400" />
        <p className="text-slate-600">Drag and drop a CSV file here, or</p>
        <label htmlFor={pickerId} className={`${buttonClass('secondary', 'sm')} cursor-pointer`}>
          Choose CSV file
        </label>
        <input
          id={pickerId}
          type="file"
          accept=".csv"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void loadFile(file);
          }}
        />
        {fileName ? <p className="text-xs text-slate-500">Loaded {fileName}</p> : null}
      </div>

      <FormField
        label="CSV data"
        error={errors.csv}
        hint="Columns: surname (or prezime), password, serial_number (or sn). Lines starting with # are skipped."
      >
        {(field) => (
          <textarea
            {...field}
            rows={6}
            spellCheck={false}
            className={`${inputClass} font-mono`}
            placeholder={'surname,password,serial_number\nHorvat,,HWTC12345678'}
            value={csvText}
            onChange={(e) => {
              setCsvText(e.target.value);
              setErrors((current) => ({ ...current, csv: undefined }));
            }}
          />
        )}
      </FormField>

      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={generatePasswords}
          onChange={(e) => setGeneratePasswords(e.target.checked)}
        />
        Auto-generate passwords for empty fields (12 characters)
      </label>

      {preview.kind === 'invalid' ? (
        <ErrorBanner title={preview.error} items={[preview.detail]} />
      ) : preview.kind === 'ok' ? (
        <CustomerPreviewTable preview={preview} />
      ) : null}

      {failure ? <ErrorBanner title={failureTitle} items={failureItems} /> : null}

      <div className="flex flex-wrap justify-end gap-2">
        {secondary}
        <button
          type="submit"
          title={guard.title}
          className={buttonClass('primary')}
          disabled={guard.disabled || importCsv.isPending}
        >
          {importCsv.isPending ? 'Importing...' : importLabel(preview.kind === 'ok' ? preview.total : 0)}
        </button>
      </div>
    </form>
  );
}
