// spec §2 Profiles.
import { Layers, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { LoadFailure } from '@/components/ui/load-failure';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { useCreateProfile } from '../api/create-profile';
import { useDeleteProfile } from '../api/delete-profile';
import { useAssignedDevices } from '../api/get-assigned-devices';
import { useProfile } from '../api/get-profile';
import { useProfileTemplates } from '../api/get-profile-templates';
import { useProfiles } from '../api/get-profiles';
import { copyName, isGtProfile, PROFILES_PAGE_SIZE } from '../lib/profile-list';
import type { Profile, ValidationStatus } from '@provisor/server/contract';
import { templateFilterLabels } from '../lib/template-labels';
import { VALIDATION_STATUSES } from '../lib/validation-statuses';
import { ProfileDialog, type ProfileDialogState } from './profile-dialog';
import { ProfileRow, validationStatusLabel } from './profile-row';
import { ProfilesPagination } from './profiles-pagination';
import { DeployDialog } from './deploy-dialog';
import { useGuard } from '@/hooks/use-role';

export function ProfilesPage() {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const createFor = params.get('create');
  const [search, setSearch] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [status, setStatus] = useState<ValidationStatus | ''>('');
  const [gtOnly, setGtOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<ProfileDialogState | null>(null);
  const [deploying, setDeploying] = useState<Profile | null>(null);
  const [deleting, setDeleting] = useState<Profile | null>(null);

  const templates = useProfileTemplates();
  const templateLabels = useMemo(() => templateFilterLabels(templates.data ?? []), [templates.data]);
  const devices = useAssignedDevices();
  const query = useProfiles({
    ...(search ? { search } : {}),
    ...(templateId ? { templateId } : {}),
    ...(status ? { validationStatus: status } : {}),
  });
  const remove = useDeleteProfile();
  const duplicate = useCreateProfile();
  const linked = useProfile(editId);

  const dropParam = (name: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(name);
        return next;
      },
      { replace: true },
    );

  // spec §2 route table: ?edit={id} opens that profile for editing.
  useEffect(() => {
    if (editId && linked.data?.id === editId) setDialog({ mode: 'edit', profile: linked.data });
  }, [editId, linked.data]);
  // An ?edit= id that names no profile (a stale link, a deleted profile) says so instead of doing nothing.
  useEffect(() => {
    if (!editId || !linked.error) return;
    if (isApiError(linked.error) && (linked.error.status === 404 || linked.error.status === 400)) {
      toast.error('Profile not found', {
        description: `No profile has the id "${editId}"; it may have been deleted.`,
      });
    } else {
      toast.error('Failed to load profile', {
        description: isApiError(linked.error) ? linked.error.message : String(linked.error),
      });
    }
    dropParam('edit');
    // dropParam is a new function each render; the error and the id are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editId, linked.error]);
  // The Templates screen's "Create Profile" links here with ?create={templateId}.
  useEffect(() => {
    if (createFor) setDialog({ mode: 'create', templateId: createFor });
  }, [createFor]);

  const closeDialog = () => {
    setDialog(null);
    if (editId) dropParam('edit');
    if (createFor) dropParam('create');
  };

  const filtered = useMemo(
    () => (query.data?.profiles ?? []).filter((profile) => !gtOnly || isGtProfile(profile)),
    [query.data, gtOnly],
  );
  const pageCount = Math.max(1, Math.ceil(filtered.length / PROFILES_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = filtered.slice((current - 1) * PROFILES_PAGE_SIZE, current * PROFILES_PAGE_SIZE);
  const filtering = Boolean(search || templateId || status || gtOnly);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success('Profile deleted successfully'),
      onError: () => toast.error('Failed to delete profile'),
      onSettled: () => setDeleting(null),
    });
  };

  const duplicateProfile = (profile: Profile) =>
    duplicate.mutate(
      { name: copyName(profile.name), templateId: profile.templateId, values: profile.values },
      {
        onSuccess: (copy) => toast.success('Profile duplicated', { description: copy.name }),
        onError: (error) =>
          toast.error('Failed to duplicate profile', {
            description: isApiError(error) ? (error.serverMessage ?? error.message) : undefined,
          }),
      },
    );

  const openCreate = () => setDialog({ mode: 'create' });

  let body;
  if (query.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-600">
        <Spinner />
        Loading profiles...
      </div>
    );
  } else if (query.isError && !query.data) {
    body = <LoadFailure title="Failed to load profiles" onRetry={() => void query.refetch()} />;
  } else if (filtered.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-4 py-16 text-center">
        <Layers aria-hidden="true" className="h-10 w-10 text-slate-300" />
        <p className="text-base font-semibold text-slate-900">No profiles</p>
        {filtering ? null : (
          <button type="button" {...guard} className={`${buttonClass('primary')} mt-3`} onClick={openCreate}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create First Profile
          </button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="divide-y divide-slate-200">
          {shown.map((profile) => (
            <ProfileRow
              key={profile.id}
              profile={profile}
              device={devices.data?.get(profile.id)}
              actions={{
                onDeploy: () => setDeploying(profile),
                onEdit: () => setDialog({ mode: 'edit', profile }),
                onView: () => setDialog({ mode: 'view', profile }),
                onDuplicate: () => duplicateProfile(profile),
                onDelete: () => setDeleting(profile),
              }}
            />
          ))}
        </ul>
        <ProfilesPagination
          page={current}
          pageSize={PROFILES_PAGE_SIZE}
          total={filtered.length}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title="Profiles"
        subtitle="Configuration profiles for device provisioning"
        actions={
          <button type="button" {...guard} className={buttonClass('primary')} onClick={openCreate}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create Profile
          </button>
        }
      />
      <section className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200" aria-label="Profile list">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 lg:flex-row lg:items-center">
          {/* Search runs on the server (name, SSID, surname, serial); a new search starts at page 1. */}
          <SearchInput
            label="Search profiles"
            placeholder="Search by name, SSID, surname, or serial number..."
            value={search}
            onSearch={(wanted) => {
              setSearch(wanted);
              setPage(1);
            }}
          />
          <select
            aria-label="Filter by template"
            className={`${inputClass} lg:w-48`}
            value={templateId}
            onChange={(event) => {
              setTemplateId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All Templates</option>
            {templates.data?.map((template) => (
              <option key={template.id} value={template.id}>
                {templateLabels.get(template.id)}
              </option>
            ))}
          </select>
          <select
            aria-label="Filter by validation status"
            className={`${inputClass} lg:w-36`}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ValidationStatus | '');
              setPage(1);
            }}
          >
            <option value="">All Status</option>
            {VALIDATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {validationStatusLabel(value)}
              </option>
            ))}
          </select>
          <label className="flex shrink-0 items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={gtOnly}
              onChange={(event) => {
                setGtOnly(event.target.checked);
                setPage(1);
              }}
            />
            GT_ Profiles Only
          </label>
        </div>
        {query.data ? (
          <p
            className="border-b border-slate-100 px-4 py-2 text-sm text-slate-600"
            data-testid="profiles-found"
          >
            Found {filtered.length} profile(s)
          </p>
        ) : null}
        {body}
      </section>
      {dialog ? (
        <ProfileDialog
          key={
            dialog.mode === 'create'
              ? `create-${dialog.templateId ?? ''}`
              : `${dialog.mode}-${dialog.profile.id}`
          }
          state={dialog}
          onClose={closeDialog}
        />
      ) : null}
      {deploying ? <DeployDialog profile={deploying} onClose={() => setDeploying(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Profile"
          message={`Are you sure you want to delete the profile "${deleting.name}"? This action cannot be undone.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
