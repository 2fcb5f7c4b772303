// What an operator picked in the device picker: some devices by id, or every device matching a search
// and status (issue 16 point 2), sent to the bulk calls as `deviceIds` or `filter`.
import type { DeviceFilter } from '@provisor/server/contract';

export type Selection = { kind: 'ids'; ids: readonly string[] } | { kind: 'filter'; filter: DeviceFilter };

export const NO_DEVICES: Selection = { kind: 'ids', ids: [] };

/** The devices part of a bulk body: `deviceIds` or `filter`, never both (the server refuses both). */
export function selectionBody(
  selection: Selection,
): { deviceIds: readonly string[] } | { filter: DeviceFilter } {
  if (selection.kind === 'ids') return { deviceIds: selection.ids };
  const filter: DeviceFilter = {};
  if (selection.filter.search) filter.search = selection.filter.search;
  if (selection.filter.status) filter.status = selection.filter.status;
  return { filter };
}

export const selectionIsEmpty = (selection: Selection) =>
  selection.kind === 'ids' && selection.ids.length === 0;
