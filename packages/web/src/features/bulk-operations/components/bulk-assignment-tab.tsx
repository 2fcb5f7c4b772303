import { Link2, Wand2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import type { BulkAssignResults, Device } from '@provisor/server/contract';
import { useAssignableProfiles } from '../api/get-assignable-profiles';
import { useBulkAssign } from '@/components/device-assignment/bulk-assign';
import { useUnassignedDevices } from '@/hooks/use-unassigned-devices';
import { autoMatch, chosenAssignments } from '../lib/auto-match';
import { NoticeBanner, type Notice } from './notice';

/** spec §5 Assignment and §8, letter for letter. */
export const ASSIGN_MESSAGES = {
  nothingChosen: 'Please select devices and assign profiles',
  noMatch: 'No automatic matches found',
  failed: 'Assignment failed',
  assigned: (n: number) => `Successfully assigned ${n} devices`,
  matched: (n: number) => `Auto-matched ${n} devices`,
} as const;

const EMPTY: Device[] = [];

/** Why each refused assignment was refused, naming the device by serial. */
function refusals(answer: BulkAssignResults, devices: readonly Device[]): string[] {
  const serial = new Map(devices.map((d) => [d.id, d.serialNumber]));
  return answer.results
    .filter((r) => !r.success)
    .map((r) => `${serial.get(r.deviceId) ?? r.deviceId}: ${r.error ?? ASSIGN_MESSAGES.failed}`);
}

/**
 * spec §2 Bulk Operations, Bulk Assignment: the unassigned devices, a dropdown of any profile per
 * device, Auto-Match (§9: the profile name contains the serial's last 4 characters) and assign.
 */
export function BulkAssignmentTab() {
  const devicesQuery = useUnassignedDevices();
  const profilesQuery = useAssignableProfiles();
  const assign = useBulkAssign();
  const devices = devicesQuery.data?.devices ?? EMPTY;
  const profiles = useMemo(() => profilesQuery.data?.profiles ?? [], [profilesQuery.data]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [choices, setChoices] = useState<Map<string, string>>(() => new Map());
  const [notice, setNotice] = useState<Notice | null>(null);

  // Only devices still listed count: one assigned elsewhere meanwhile drops out of the selection.
  const listed = useMemo(() => new Set(devices.map((d) => d.id)), [devices]);
  const selectedListed = [...selected].filter((id) => listed.has(id));
  const allSelected = devices.length > 0 && selectedListed.length === devices.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const choose = (id: string, profileId: string) => {
    setChoices((current) => {
      const next = new Map(current);
      if (profileId) next.set(id, profileId);
      else next.delete(id);
      return next;
    });
    // Giving a device a profile ticks it; taking the profile away leaves the tick to the operator.
    if (profileId) toggle(id, true);
  };

  const runAutoMatch = () => {
    const matches = autoMatch(devices, profiles);
    if (matches.size === 0) {
      setNotice({ kind: 'error', text: ASSIGN_MESSAGES.noMatch });
      return;
    }
    setChoices((current) => new Map([...current, ...matches]));
    setSelected((current) => new Set([...current, ...matches.keys()]));
    setNotice({ kind: 'success', text: ASSIGN_MESSAGES.matched(matches.size) });
  };

  const runAssign = () => {
    const assignments = chosenAssignments(devices, selected, choices);
    if (assignments.length === 0) {
      setNotice({ kind: 'error', text: ASSIGN_MESSAGES.nothingChosen });
      return;
    }
    setNotice(null);
    assign.mutate(assignments, {
      onSuccess: (answer) => {
        const done = new Set(answer.results.filter((r) => r.success).map((r) => r.deviceId));
        // The assigned leave the list; what the operator chose for the refused ones stays.
        setSelected((current) => new Set([...current].filter((id) => !done.has(id))));
        setChoices((current) => new Map([...current].filter(([id]) => !done.has(id))));
        if (answer.failed === 0) {
          setNotice({ kind: 'success', text: ASSIGN_MESSAGES.assigned(answer.successful) });
        } else {
          const items = refusals(answer, devices);
          if (answer.successful > 0) items.unshift(ASSIGN_MESSAGES.assigned(answer.successful));
          setNotice({ kind: 'error', text: ASSIGN_MESSAGES.failed, items });
        }
      },
      onError: (error) => {
        const detail =
          isApiError(error) && error.kind === 'HTTP'
            ? [error.serverError, error.serverMessage].filter((p): p is string => Boolean(p)).join(': ')
            : '';
        setNotice({ kind: 'error', text: ASSIGN_MESSAGES.failed, items: detail ? [detail] : [] });
      },
    });
  };

  return (
    <section
      aria-label="Bulk Assignment"
      className="min-w-0 space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Unassigned Devices</h2>
          <p className="text-sm text-slate-600" data-testid="assignment-count">
            {selectedListed.length} of {devices.length} selected
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={runAutoMatch}
            disabled={devices.length === 0}
          >
            <Wand2 aria-hidden="true" className="h-4 w-4" />
            Auto-Match
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={runAssign}
            disabled={assign.isPending || devices.length === 0}
          >
            <Link2 aria-hidden="true" className="h-4 w-4" />
            {assign.isPending ? 'Assigning...' : 'Assign Selected'}
          </button>
        </div>
      </div>

      <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />

      {devicesQuery.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="h-6 w-6" />
        </div>
      ) : devicesQuery.isError ? (
        <div role="alert" className="py-10 text-center">
          <p className="text-sm font-semibold text-slate-900">Failed to load devices</p>
          <p className="text-sm text-slate-600">Unable to fetch device list from the server.</p>
        </div>
      ) : devices.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-600">All devices are assigned</p>
      ) : (
        <div className="max-h-[32rem] overflow-auto rounded-md ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all"
                    checked={allSelected}
                    onChange={(e) => setSelected(e.target.checked ? new Set(listed) : new Set())}
                  />
                </th>
                <th scope="col" className="px-3 py-2">
                  Serial Number
                </th>
                <th scope="col" className="px-3 py-2">
                  Device
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Profile
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {devices.map((d) => (
                <tr key={d.id}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${d.serialNumber}`}
                      checked={selected.has(d.id)}
                      onChange={(e) => toggle(d.id, e.target.checked)}
                    />
                  </td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap text-slate-900">{d.serialNumber}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                    {[d.vendor, d.model || d.productClass].filter(Boolean).join(' ')}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600">{d.status}</td>
                  <td className="px-3 py-2">
                    <select
                      aria-label={`Profile for ${d.serialNumber}`}
                      className={`${inputClass} min-w-48`}
                      value={choices.get(d.id) ?? ''}
                      onChange={(e) => choose(d.id, e.target.value)}
                    >
                      <option value="">Select profile</option>
                      {profiles.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
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
    </section>
  );
}
