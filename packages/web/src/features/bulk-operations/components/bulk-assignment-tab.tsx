import { Link2, Wand2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AssignmentTable } from '@/components/device-assignment/assignment-table';
import { useBulkAssign } from '@/components/device-assignment/bulk-assign';
import { useAssignmentChoices } from '@/components/device-assignment/use-assignment-choices';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import type { BulkAssignResults, Device } from '@provisor/server/contract';
import { useAssignableProfiles } from '../api/get-assignable-profiles';
import { useUnassignedDevices } from '@/hooks/use-unassigned-devices';
import { autoMatch } from '../lib/auto-match';
import { NoticeBanner, type Notice } from './notice';
import { useGuard } from '@/hooks/use-role';

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
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const devicesQuery = useUnassignedDevices();
  const profilesQuery = useAssignableProfiles();
  const assign = useBulkAssign();
  const devices = devicesQuery.data?.devices ?? EMPTY;
  const profiles = useMemo(() => profilesQuery.data?.profiles ?? [], [profilesQuery.data]);
  const state = useAssignmentChoices(devices);
  const [notice, setNotice] = useState<Notice | null>(null);

  const runAutoMatch = () => {
    const matches = autoMatch(devices, profiles);
    if (matches.size === 0) {
      setNotice({ kind: 'error', text: ASSIGN_MESSAGES.noMatch });
      return;
    }
    state.addMatches(matches);
    setNotice({ kind: 'success', text: ASSIGN_MESSAGES.matched(matches.size) });
  };

  const runAssign = () => {
    const assignments = state.assignments();
    if (assignments.length === 0) {
      setNotice({ kind: 'error', text: ASSIGN_MESSAGES.nothingChosen });
      return;
    }
    setNotice(null);
    assign.mutate(assignments, {
      onSuccess: (answer) => {
        state.settle(answer);
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
            {state.selectedCount} of {devices.length} selected
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={runAutoMatch}
            title={guard.title}
            disabled={guard.disabled || devices.length === 0}
          >
            <Wand2 aria-hidden="true" className="h-4 w-4" />
            Auto-Match
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={runAssign}
            title={guard.title}
            disabled={guard.disabled || assign.isPending || devices.length === 0}
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
        <AssignmentTable
          devices={devices}
          profiles={profiles.map((p) => ({ id: p.id, label: p.name }))}
          placeholder="Select profile"
          state={state}
        />
      )}
    </section>
  );
}
