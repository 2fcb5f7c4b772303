import { Download, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { SearchInput } from '@/components/ui/search-input';
import { maskSecret } from '@/lib/secrets';
import { useDeleteProfiles } from '../api/delete-profile';
import { useCustomerProfiles } from '../api/get-customer-profiles';
import type { CustomerProfileView } from '../lib/customer-profiles';
import { createdDay } from '../lib/customer-profiles';
import { exportFileName, profilesCsv } from '../lib/profiles-csv';
import type { ShowBanner } from './use-banner';
import { useGuard } from '@/hooks/use-role';

export const MANAGE_MESSAGES = {
  deleted: 'Profile deleted successfully',
  deletedMany: (n: number) => `${n} profiles deleted successfully`,
  failed: 'Failed to delete profile',
} as const;

function saveCsv(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName();
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: the download reads the object URL after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** spec §2 Manage Profiles: search, count, select, delete, export, edit links. */
export function ManageProfilesTab({ onBanner }: { onBanner: ShowBanner }) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const [search, setSearch] = useState('');
  const profiles = useCustomerProfiles(search);
  const remove = useDeleteProfiles();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<CustomerProfileView[] | null>(null);

  const list = profiles.data ?? [];
  const picked = list.filter((p) => selected.has(p.id));
  const allPicked = list.length > 0 && picked.length === list.length;

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  const confirmDelete = (targets: CustomerProfileView[]) => {
    remove.mutate(
      targets.map((p) => p.id),
      {
        onSuccess: ({ deleted, failed }) => {
          setConfirm(null);
          setSelected(new Set([...selected].filter((id) => !targets.some((p) => p.id === id))));
          if (failed > 0)
            onBanner(
              'error',
              targets.length === 1
                ? MANAGE_MESSAGES.failed
                : `${MANAGE_MESSAGES.failed}: ${failed} of ${targets.length} not deleted`,
            );
          else
            onBanner(
              'success',
              deleted === 1 ? MANAGE_MESSAGES.deleted : MANAGE_MESSAGES.deletedMany(deleted),
            );
        },
      },
    );
  };

  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-center">
          <div className="w-full sm:w-80">
            <SearchInput
              label="Search customer profiles"
              placeholder="Search by surname or SSID"
              value={search}
              onSearch={(value) => {
                setSearch(value);
                setSelected(new Set());
              }}
            />
          </div>
          <p className="shrink-0 text-sm text-slate-600">
            Total Customer Profiles:{' '}
            <span data-testid="customer-total" className="font-semibold text-slate-900">
              {list.length}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={list.length === 0}
            onClick={() => saveCsv(profilesCsv(list))}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export All
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={picked.length === 0}
            onClick={() => saveCsv(profilesCsv(picked))}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export Selected ({picked.length})
          </button>
          <button
            type="button"
            className={buttonClass('danger')}
            title={guard.title}
            disabled={guard.disabled || picked.length === 0}
            onClick={() => setConfirm(picked)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete Selected ({picked.length})
          </button>
        </div>
      </div>
      {profiles.isError ? (
        <ErrorBanner
          title="Failed to load profiles"
          items={['Please check if the server is running and try again.']}
        />
      ) : profiles.isPending ? (
        <p className="text-sm text-slate-500">Loading profiles...</p>
      ) : list.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
          {search === '' ? 'No customer profiles yet' : `No customer profiles match "${search}"`}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-md ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all profiles"
                    checked={allPicked}
                    onChange={(e) =>
                      setSelected(e.target.checked ? new Set(list.map((p) => p.id)) : new Set())
                    }
                  />
                </th>
                <th className="px-3 py-2">Customer</th>
                <th className="px-3 py-2">SSID</th>
                <th className="px-3 py-2">Password</th>
                <th className="px-3 py-2">Created</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((p) => (
                <tr key={p.id} data-testid={`customer-profile-${p.customer}`}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${p.customer}`}
                      checked={selected.has(p.id)}
                      onChange={(e) => toggle(p.id, e.target.checked)}
                    />
                  </td>
                  <td className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">{p.customer}</td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{p.ssid}</td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap" data-testid="masked-password">
                    {maskSecret(p.password)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600">{createdDay(p.createdAt)}</td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-1">
                      <Link
                        to={`/profiles?edit=${encodeURIComponent(p.id)}`}
                        aria-label={`Edit ${p.customer}`}
                        title="Edit"
                        className={buttonClass('ghost', 'icon')}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                      </Link>
                      <button
                        type="button"
                        aria-label={`Delete ${p.customer}`}
                        title={guard.title ?? 'Delete'}
                        disabled={guard.disabled}
                        className={buttonClass('ghost', 'icon')}
                        onClick={() => setConfirm([p])}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirm ? (
        <ConfirmDialog
          title={confirm.length === 1 ? 'Delete Profile' : 'Delete Profiles'}
          message={
            confirm.length === 1
              ? `Are you sure you want to delete ${confirm[0]?.name ?? 'this profile'}?`
              : `Are you sure you want to delete these ${confirm.length} profiles?`
          }
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => confirmDelete(confirm)}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </div>
  );
}
