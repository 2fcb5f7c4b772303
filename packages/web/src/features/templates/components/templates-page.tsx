// spec §2 Templates.
import { FileCode2, Plus, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageHeader } from '@/components/ui/page-header';
import { LoadFailure } from '@/components/ui/load-failure';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { useDeleteTemplate } from '../api/delete-template';
import { useExportTemplate } from '../api/export-template';
import { useTemplates } from '../api/get-templates';
import { useImportTemplate } from '../api/import-template';
import { importFailureText } from '../lib/template-form';
import type { Template } from '@provisor/server/contract';
import { TemplateCard } from './template-card';
import { TemplateDialog, type TemplateDialogMode } from './template-dialog';
import { useGuard } from '@/hooks/use-role';

export function TemplatesPage() {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const query = useTemplates();
  const [dialog, setDialog] = useState<TemplateDialogMode | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const remove = useDeleteTemplate();
  const exporter = useExportTemplate();
  const importer = useImportTemplate();

  const importFile = (file: File | undefined) => {
    if (!file) return;
    setImportError(null);
    importer.mutate(file, {
      onSuccess: (answer) => toast.success('Template imported', { description: answer.template.name }),
      onError: (error) => setImportError(importFailureText(error)),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Template deleted', { description: deleting.name });
        setDeleting(null);
      },
    });
  };

  let body;
  if (query.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-600">
        <Spinner />
        Loading templates...
      </div>
    );
  } else if (query.isError) {
    body = <LoadFailure title="Failed to load templates" onRetry={() => void query.refetch()} />;
  } else if (query.data.templates.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-lg bg-white px-4 py-16 text-center shadow-sm ring-1 ring-slate-200">
        <FileCode2 aria-hidden="true" className="h-10 w-10 text-slate-300" />
        <p className="text-base font-semibold text-slate-900">No templates</p>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {query.data.templates.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            onEdit={() => setDialog({ mode: 'edit', template })}
            onExport={() => exporter.mutate(template)}
            onDelete={() => {
              remove.reset();
              setDeleting(template);
            }}
          />
        ))}
      </div>
    );
  }

  const deleteError =
    remove.error && isApiError(remove.error)
      ? (remove.error.serverMessage ?? remove.error.serverError ?? remove.error.message)
      : remove.error?.message;

  return (
    <div>
      <PageHeader
        title="Templates"
        subtitle="Configuration templates for automatic device provisioning"
        actions={
          <>
            <button
              type="button"
              className={buttonClass('secondary')}
              title={guard.title}
              disabled={guard.disabled || importer.isPending}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden="true" className="h-4 w-4" />
              Import
            </button>
            <input
              ref={fileInput}
              type="file"
              accept=".json"
              aria-label="Template file"
              data-testid="template-import-input"
              className="hidden"
              onChange={(event) => {
                importFile(event.target.files?.[0]);
                event.target.value = ''; // the same file can be chosen again
              }}
            />
            <button
              {...guard}
              type="button"
              className={buttonClass('primary')}
              onClick={() => setDialog({ mode: 'create' })}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create Template
            </button>
          </>
        }
      />
      {importError ? (
        <div className="mb-4">
          <ErrorBanner title={importError} onDismiss={() => setImportError(null)} />
        </div>
      ) : null}
      {body}
      {dialog ? <TemplateDialog state={dialog} onClose={() => setDialog(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Template"
          message={`Are you sure you want to delete the template "${deleting.name}"? This action cannot be undone.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          error={deleteError}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
