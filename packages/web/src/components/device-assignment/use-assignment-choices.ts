import { useMemo, useState } from 'react';
import type { Assignment, BulkAssignResults } from '@provisor/server/contract';

interface Listed {
  id: string;
}

/** The assignments to send: devices that are both ticked and given a profile, in list order. */
export function chosenAssignments(
  devices: readonly Listed[],
  selected: ReadonlySet<string>,
  choices: ReadonlyMap<string, string>,
): Assignment[] {
  return devices.flatMap((d) => {
    const profileId = choices.get(d.id);
    return selected.has(d.id) && profileId ? [{ deviceId: d.id, profileId }] : [];
  });
}

/**
 * What the operator picked on an assignment tab (spec §2: Customer Routers' Device Assignment and
 * Bulk Operations' Bulk Assignment): the ticked devices and the profile chosen for each. Only devices
 * still listed count: one assigned elsewhere meanwhile drops out of the selection.
 */
export function useAssignmentChoices(devices: readonly Listed[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [choices, setChoices] = useState<ReadonlyMap<string, string>>(() => new Map());
  const listed = useMemo(() => new Set(devices.map((d) => d.id)), [devices]);
  const selectedCount = [...selected].filter((id) => listed.has(id)).length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return {
    selected,
    choices,
    selectedCount,
    allSelected: devices.length > 0 && selectedCount === devices.length,
    toggle,
    selectAll: (on: boolean) => setSelected(on ? new Set(listed) : new Set()),
    /** Giving a device a profile ticks it; taking the profile away leaves the tick to the operator. */
    choose: (id: string, profileId: string) => {
      setChoices((current) => {
        const next = new Map(current);
        if (profileId) next.set(id, profileId);
        else next.delete(id);
        return next;
      });
      if (profileId) toggle(id, true);
    },
    /** Auto-Match's pairs (device id -> profile id), chosen and ticked. */
    addMatches: (matches: ReadonlyMap<string, string>) => {
      setChoices((current) => new Map([...current, ...matches]));
      setSelected((current) => new Set([...current, ...matches.keys()]));
    },
    assignments: () => chosenAssignments(devices, selected, choices),
    /** After an answer: the assigned leave; what the operator chose for the refused ones stays. */
    settle: (answer: BulkAssignResults) => {
      const done = new Set(answer.results.filter((r) => r.success).map((r) => r.deviceId));
      setSelected((current) => new Set([...current].filter((id) => !done.has(id))));
      setChoices((current) => new Map([...current].filter(([id]) => !done.has(id))));
    },
  };
}

export type AssignmentChoices = ReturnType<typeof useAssignmentChoices>;
