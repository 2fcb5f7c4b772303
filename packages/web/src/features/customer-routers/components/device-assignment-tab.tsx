import { Link2, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useBulkAssign } from '@/components/device-assignment/bulk-assign';
import { useCustomerProfiles } from '../api/get-customer-profiles';
import { useUnassignedDevices } from '@/hooks/use-unassigned-devices';
import { autoMatch } from '../lib/auto-match';
import type { ShowBanner } from './use-banner';

export const ASSIGN_MESSAGES = {
  nothingChosen: 'Please select devices and assign profiles',
  noMatch: 'No automatic matches found',
  matched: (n: number) => `Auto-matched ${n} devices`,
  assigned: (n: number) => `Successfully assigned ${n} devices`,
  failed: 'Assignment failed',
} as const;

const STATUS_CLASS: Record<string, string> = {
  online: 'bg-green-50 text-green-700 ring-green-200',
  offline: 'bg-slate-50 text-slate-600 ring-slate-200',
  provisioning: 'bg-blue-50 text-blue-700 ring-blue-200',
  error: 'bg-red-50 text-red-700 ring-red-200',
};

/** spec §2 Device Assignment: the unassigned routers, a GT_ profile for each, Auto-Match. */
export function DeviceAssignmentTab({ onBanner }: { onBanner: ShowBanner }) {
  const devices = useUnassignedDevices();
  const profiles = useCustomerProfiles();
  const assign = useBulkAssign();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(new Map());

  const list = devices.data?.devices ?? [];
  const choices = profiles.data ?? [];

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const choose = (deviceId: string, profileId: string) => {
    const next = new Map(chosen);
    if (profileId === '') next.delete(deviceId);
    else next.set(deviceId, profileId);
    setChosen(next);
    // Choosing a profile for a router means it is to be assigned.
    if (profileId !== '') toggle(deviceId, true);
  };

  const runAutoMatch = () => {
    const matches = autoMatch(list, choices);
    if (matches.size === 0) {
      onBanner('error', ASSIGN_MESSAGES.noMatch);
      return;
    }
    setChosen(new Map([...chosen, ...matches]));
    setSelected(new Set([...selected, ...matches.keys()]));
    onBanner('success', ASSIGN_MESSAGES.matched(matches.size));
  };

  const assignSelected = () => {
    const assignments = list
      .filter((d) => selected.has(d.id) && chosen.has(d.id))
      .map((d) => ({ deviceId: d.id, profileId: chosen.get(d.id) ?? '' }));
    if (assignments.length === 0) {
      onBanner('error', ASSIGN_MESSAGES.nothingChosen);
      return;
    }
    assign.mutate(assignments, {
      onSuccess: (answer) => {
        const done = new Set(answer.results.filter((r) => r.success).map((r) => r.deviceId));
        setSelected(new Set([...selected].filter((id) => !done.has(id))));
        setChosen(new Map([...chosen].filter(([id]) => !done.has(id))));
        if (answer.successful > 0) onBanner('success', ASSIGN_MESSAGES.assigned(answer.successful));
        else onBanner('error', answer.results.find((r) => r.error)?.error ?? ASSIGN_MESSAGES.failed);
      },
      onError: (error) => onBanner('error', errorText(error, ASSIGN_MESSAGES.failed)),
    });
  };

  if (devices.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Loading devices...
      </p>
    );
  if (devices.isError)
    return (
      <ErrorBanner title="Failed to load devices" items={['Unable to fetch device list from the server.']} />
    );

  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {list.length} unassigned router{list.length === 1 ? '' : 's'} · {selected.size} selected
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={list.length === 0 || profiles.isPending}
            onClick={runAutoMatch}
          >
            <Wand2 aria-hidden="true" className="h-4 w-4" />
            Auto-Match
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={list.length === 0 || assign.isPending}
            onClick={assignSelected}
          >
            <Link2 aria-hidden="true" className="h-4 w-4" />
            Assign Selected
          </button>
        </div>
      </div>
      {list.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
          All customer routers are assigned
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-md ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="w-10 px-3 py-2">
                  <span className="sr-only">Select</span>
                </th>
                <th className="px-3 py-2">Device</th>
                <th className="px-3 py-2">Serial</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Profile</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((d) => (
                <tr key={d.id} data-testid={`unassigned-${d.serialNumber}`}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${d.serialNumber}`}
                      checked={selected.has(d.id)}
                      onChange={(e) => toggle(d.id, e.target.checked)}
                    />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <div className="font-medium text-slate-900">
                      {d.vendor} {d.model}
                    </div>
                    <div className="font-mono text-xs text-slate-500" title={d.id}>
                      {d.id.slice(0, 8)}
                    </div>
                  </td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{d.serialNumber}</td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_CLASS[d.status] ?? ''}`}
                    >
                      {d.status}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <select
                      aria-label={`Profile for ${d.serialNumber}`}
                      className="block w-48 rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
                      value={chosen.get(d.id) ?? ''}
                      onChange={(e) => choose(d.id, e.target.value)}
                    >
                      <option value="">Select a profile</option>
                      {choices.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.ssid}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
