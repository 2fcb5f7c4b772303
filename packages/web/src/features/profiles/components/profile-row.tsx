import { Copy, Eye, Pencil, Rocket, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from '@/components/ui/button';
import { displayValue } from '@/lib/secrets';
import { isGtProfile, PARAMS_PREVIEW, serialOf, ssidOf } from '../lib/profile-list';
import type { Profile, ValidationStatus } from '@provisor/server/contract';
import type { AssignedDevice } from '../api/get-assigned-devices';
import { useGuard } from '@/hooks/use-role';

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

const STATUS: Record<ValidationStatus, { label: string; className: string }> = {
  valid: { label: 'Valid', className: 'bg-green-50 text-green-700 ring-green-600/20' },
  invalid: { label: 'Invalid', className: 'bg-red-50 text-red-700 ring-red-600/20' },
  pending: { label: 'Pending', className: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20' },
};

export const validationStatusLabel = (status: ValidationStatus) => STATUS[status]?.label ?? status;

export interface ProfileRowActions {
  onDeploy: () => void;
  onEdit: () => void;
  onView: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** One profile (spec §2 Profiles "Each row"). */
export function ProfileRow({
  profile,
  device,
  actions,
}: {
  profile: Profile;
  device: AssignedDevice | undefined;
  actions: ProfileRowActions;
}) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const titleId = useId();
  const status = STATUS[profile.validationStatus] ?? STATUS.pending;
  const preview = profile.renderedParams.slice(0, PARAMS_PREVIEW);
  const more = profile.renderedParams.length - preview.length;
  const icon = buttonClass('ghost', 'icon');
  return (
    <li>
      <article aria-labelledby={titleId} data-testid="profile-row" className="px-4 py-4 sm:px-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={titleId} className="truncate text-base font-semibold text-slate-900">
                {profile.name}
              </h2>
              <span className={`${pill} ${status.className}`} data-testid="validation-status">
                {status.label}
              </span>
              {isGtProfile(profile) ? (
                <span className={`${pill} bg-blue-50 text-blue-700 ring-blue-600/20`} data-testid="gt-badge">
                  GT_
                </span>
              ) : null}
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-6">
              <Detail label="SSID">{ssidOf(profile) ?? '—'}</Detail>
              <Detail label="Serial">{serialOf(profile) ?? '—'}</Detail>
              <Detail label="Version">
                <span data-testid="profile-version">{profile.version}</span>
              </Detail>
              <Detail label="Parameters">{profile.parameterCount}</Detail>
              <Detail label="Created">{new Date(profile.createdAt).toLocaleDateString()}</Detail>
            </dl>
            {device ? (
              <p className="mt-2 text-sm text-slate-700" data-testid="assigned-to">
                Assigned to: {device.serialNumber} ({device.status})
              </p>
            ) : null}
            {profile.changelog ? (
              <p className="mt-1 text-sm text-slate-600 italic" data-testid="changelog">
                {profile.changelog}
              </p>
            ) : null}
            {preview.length > 0 ? (
              <div className="mt-2 rounded-md bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700 ring-1 ring-slate-200">
                {preview.map((param) => {
                  // Secrets show masked here; only the edit dialog reveals them (lib/secrets.ts).
                  const line = `${param.name}=${displayValue(param.name, param.value)}`;
                  return (
                    <div key={param.name} className="truncate" title={line}>
                      {line}
                    </div>
                  );
                })}
                {more > 0 ? (
                  <div className="mt-0.5 font-sans text-slate-500">... and {more} more parameters</div>
                ) : null}
              </div>
            ) : null}
          </div>
          <div className="flex shrink-0 items-center gap-0.5">
            <button
              {...guard}
              type="button"
              className={`${buttonClass('primary', 'sm')} mr-1`}
              onClick={actions.onDeploy}
            >
              <Rocket aria-hidden="true" className="h-4 w-4" />
              Deploy
            </button>
            <button
              type="button"
              aria-label={`Edit ${profile.name}`}
              title={guard.title ?? 'Edit'}
              disabled={guard.disabled}
              className={icon}
              onClick={actions.onEdit}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
            </button>
            <button
              type="button"
              aria-label={`View ${profile.name}`}
              title="View"
              className={icon}
              onClick={actions.onView}
            >
              <Eye aria-hidden="true" className="h-4 w-4" />
            </button>
            <button
              type="button"
              aria-label={`Duplicate ${profile.name}`}
              title={guard.title ?? 'Duplicate'}
              disabled={guard.disabled}
              className={icon}
              onClick={actions.onDuplicate}
            >
              <Copy aria-hidden="true" className="h-4 w-4" />
            </button>
            <button
              type="button"
              aria-label={`Delete ${profile.name}`}
              title={guard.title ?? 'Delete'}
              disabled={guard.disabled}
              className={`${icon} hover:bg-red-50 hover:text-red-600`}
              onClick={actions.onDelete}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}
