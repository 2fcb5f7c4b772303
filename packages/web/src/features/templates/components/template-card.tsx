import { Download, FileCode2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import type { Template } from '@provisor/server/contract';
import { useGuard } from '@/hooks/use-role';

export interface TemplateCardProps {
  template: Template;
  onEdit: () => void;
  onExport: () => void;
  onDelete: () => void;
}

/** spec §2 Templates: name, vendor and model, version, data model badge, parameter count, actions. */
export function TemplateCard({ template, onEdit, onExport, onDelete }: TemplateCardProps) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const titleId = useId();
  const icon = `${buttonClass('ghost', 'icon')}`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="template-card"
      className="flex flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
            <FileCode2 aria-hidden="true" className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <h2
              id={titleId}
              className="text-base font-semibold break-words text-slate-900"
              title={template.name}
            >
              {template.name}
            </h2>
            <p className="text-sm break-words text-slate-600">
              {template.vendor} {template.model}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-0.5">
          <button
            type="button"
            aria-label={`Edit ${template.name}`}
            title={guard.title ?? 'Edit'}
            disabled={guard.disabled}
            className={icon}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            type="button"
            aria-label={`Export ${template.name}`}
            title="Export"
            className={icon}
            onClick={onExport}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            type="button"
            aria-label={`Delete ${template.name}`}
            title={guard.title ?? 'Delete'}
            disabled={guard.disabled}
            className={`${icon} hover:bg-red-50 hover:text-red-600`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      </div>
      {template.description ? (
        <p className="mt-3 line-clamp-2 text-sm text-slate-600">{template.description}</p>
      ) : null}
      <dl className="mt-4 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Version</dt>
          <dd className="font-medium text-slate-900">{template.version}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Data Model</dt>
          <dd>
            <span
              data-testid="data-model-badge"
              className="inline-flex rounded-full bg-purple-50 px-2 py-0.5 text-xs font-medium text-purple-700 ring-1 ring-inset ring-purple-600/20"
            >
              {template.dataModel}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Parameters</dt>
          <dd className="font-medium text-slate-900" data-testid="parameter-count">
            {template.parameterCount}
          </dd>
        </div>
      </dl>
      <div className="mt-auto pt-4">
        {/* Opens the Profiles screen's create dialog with this template chosen. */}
        <Link
          to={`/profiles?create=${encodeURIComponent(template.id)}`}
          className={`${buttonClass('secondary', 'sm')} w-full`}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Create Profile
        </Link>
      </div>
    </article>
  );
}
