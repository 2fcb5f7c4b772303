// What an operator picked in the device picker: some devices by id, every device matching a search
// and status (issue 16 point 2), or a saved device group (issue 21), sent to the bulk calls as
// `deviceIds`, `filter` or `groupId`.
import type { DeviceFilter } from '@provisor/server/contract';

export type Selection =
  | { kind: 'ids'; ids: readonly string[] }
  | { kind: 'filter'; filter: DeviceFilter }
  /** A saved group, resolved by the server when the call is made (its size as the picker saw it). */
  | { kind: 'group'; groupId: string; name: string; size: number };

export const NO_DEVICES: Selection = { kind: 'ids', ids: [] };

/** The devices part of a bulk body: `deviceIds`, `filter` or `groupId`, one only (the server refuses more). */
export function selectionBody(
  selection: Selection,
): { deviceIds: readonly string[] } | { filter: DeviceFilter } | { groupId: string } {
  if (selection.kind === 'ids') return { deviceIds: selection.ids };
  if (selection.kind === 'group') return { groupId: selection.groupId };
  const filter: DeviceFilter = {};
  if (selection.filter.search) filter.search = selection.filter.search;
  if (selection.filter.status) filter.status = selection.filter.status;
  return { filter };
}

export const selectionIsEmpty = (selection: Selection) =>
  (selection.kind === 'ids' && selection.ids.length === 0) ||
  (selection.kind === 'group' && selection.size === 0);
