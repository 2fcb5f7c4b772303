import { Link2, Wand2 } from 'lucide-react';
import { AssignmentTable } from '@/components/device-assignment/assignment-table';
import { useBulkAssign } from '@/components/device-assignment/bulk-assign';
import { useAssignmentChoices } from '@/components/device-assignment/use-assignment-choices';
import { buttonClass } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import type { Device } from '@provisor/server/contract';
import { useCustomerProfiles } from '../api/get-customer-profiles';
import { useUnassignedDevices } from '@/hooks/use-unassigned-devices';
import { autoMatch } from '../lib/auto-match';
import type { ShowBanner } from './use-banner';
import { useGuard } from '@/hooks/use-role';

export const ASSIGN_MESSAGES = {
  nothingChosen: 'Please select devices and assign profiles',
  noMatch: 'No automatic matches found',
  matched: (n: number) => `Auto-matched ${n} devices`,
  assigned: (n: number) => `Successfully assigned ${n} devices`,
  failed: 'Assignment failed',
} as const;

const EMPTY: Device[] = [];

/** spec §2 Device Assignment: the unassigned routers, a GT_ profile for each, Auto-Match. */
export function DeviceAssignmentTab({ onBanner }: { onBanner: ShowBanner }) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const devices = useUnassignedDevices();
  const profiles = useCustomerProfiles();
  const assign = useBulkAssign();
  const list = devices.data?.devices ?? EMPTY;
  const choices = profiles.data ?? [];
  const state = useAssignmentChoices(list);

  const runAutoMatch = () => {
    const matches = autoMatch(list, choices);
    if (matches.size === 0) {
      onBanner('error', ASSIGN_MESSAGES.noMatch);
      return;
    }
    state.addMatches(matches);
    onBanner('success', ASSIGN_MESSAGES.matched(matches.size));
  };

  const assignSelected = () => {
    const assignments = state.assignments();
    if (assignments.length === 0) {
      onBanner('error', ASSIGN_MESSAGES.nothingChosen);
      return;
    }
    assign.mutate(assignments, {
      onSuccess: (answer) => {
        state.settle(answer);
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
          {list.length} unassigned router{list.length === 1 ? '' : 's'} · {state.selectedCount} selected
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('secondary')}
            title={guard.title}
            disabled={guard.disabled || list.length === 0 || profiles.isPending}
            onClick={runAutoMatch}
          >
            <Wand2 aria-hidden="true" className="h-4 w-4" />
            Auto-Match
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            title={guard.title}
            disabled={guard.disabled || list.length === 0 || assign.isPending}
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
        <AssignmentTable
          devices={list}
          profiles={choices.map((p) => ({ id: p.id, label: p.ssid }))}
          placeholder="Select a profile"
          state={state}
        />
      )}
    </div>
  );
}
