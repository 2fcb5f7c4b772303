import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { DeviceGroup } from '@provisor/server/contract';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { serverDetail } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '@/api/get-groups';
import { describeFilter } from '../lib/group-filter';
import { GroupDialog } from './group-dialog';
import { useGuard } from '@/hooks/use-role';

/** Issue 21 point 1: the saved device groups, their sizes counted live (device_status_update refetches them). */
export function GroupsPanel() {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const groups = useGroups();
  const [editing, setEditing] = useState<DeviceGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DeviceGroup | null>(null);
  const remove = useDeleteGroup();

  let body;
  if (!groups.data) {
    body = groups.isError ? (
      <p role="alert" className="px-4 py-8 text-center text-sm text-red-700">
        Failed to load device groups.
      </p>
    ) : (
      <div role="status" className="flex items-center justify-center gap-3 py-8 text-sm text-slate-600">
        <Spinner /> Loading device groups...
      </div>
    );
  } else if (groups.data.groups.length === 0) {
    body = (
      <p className="px-4 py-8 text-center text-sm text-slate-600">
        No device groups yet. A group is a saved filter a campaign upgrades.
      </p>
    );
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-2">Name</th>
              <th className="px-4 py-2">Filter</th>
              <th className="px-4 py-2 text-right">Devices</th>
              <th className="px-4 py-2 text-right">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {groups.data.groups.map((g) => (
              <tr key={g.id} data-testid={`group-row-${g.id}`}>
                <td className="px-4 py-2 font-medium text-slate-900">{g.name}</td>
                <td className="px-4 py-2 text-slate-600">{describeFilter(g.filter)}</td>
                <td className="px-4 py-2 text-right tabular-nums" data-testid="group-size">
                  {g.size}
                </td>
                <td className="px-4 py-2">
                  <div className="flex justify-end gap-1">
                    <button
                      {...guard}
                      type="button"
                      aria-label={`Edit group ${g.name}`}
                      className={buttonClass('ghost', 'icon')}
                      onClick={() => setEditing(g)}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                    </button>
                    <button
                      {...guard}
                      type="button"
                      aria-label={`Delete group ${g.name}`}
                      className={buttonClass('ghost', 'icon')}
                      onClick={() => {
                        remove.reset();
                        setDeleting(g);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section
      aria-label="Device Groups"
      className="min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Device Groups</h2>
        <button
          {...guard}
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => setEditing('new')}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> New Group
        </button>
      </div>
      {body}
      {editing ? (
        <GroupDialog group={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Group"
          message={`Are you sure you want to delete the group "${deleting.name}"? Its devices are not changed.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          error={
            remove.isError
              ? `Could not delete the group: ${serverDetail(remove.error) ?? 'no answer'}.`
              : undefined
          }
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(`Group "${deleting.name}" deleted`);
                setDeleting(null);
              },
            })
          }
        />
      ) : null}
    </section>
  );
}
