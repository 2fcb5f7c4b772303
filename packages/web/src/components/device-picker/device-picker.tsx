import { CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-field';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import type { DeviceFilter } from '@provisor/server/contract';
import { useGroups } from '@/api/get-groups';
import { usePickerDevices } from './get-picker-devices';
import type { Selection } from './selection';
import { DEVICE_STATUSES, isDeviceStatus } from '@/lib/device-statuses';
import { DeviceStatusBadge, deviceStatusLabel } from '@/components/status-badge';

export interface DevicePickerProps {
  filter: DeviceFilter;
  /** Takes an update of the filter in force (a debounced search must not undo a newer status choice). */
  onFilter: (update: (filter: DeviceFilter) => DeviceFilter) => void;
  selection: Selection;
  onSelection: (selection: Selection) => void;
}

/**
 * spec §2 Provisioning: the device picker (also the profile's Deploy, issue 19 point 8). The server searches and pages (issue 16 point 2): rows
 * load a page at a time as the list scrolls, and "select all" offers every device matching the
 * search and status, sent as one `filter` rather than as ids.
 */
export function DevicePicker({ filter, onFilter, selection, onSelection }: DevicePickerProps) {
  const query = usePickerDevices(filter);
  const groups = useGroups().data?.groups ?? [];
  const devices = query.data?.pages.flatMap((page) => page.devices) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const allMatching = selection.kind === 'filter';
  const group = selection.kind === 'group' ? selection : null;
  const ids = new Set(selection.kind === 'ids' ? selection.ids : group ? [] : devices.map((d) => d.id));
  const selectedCount = group ? group.size : allMatching ? total : ids.size;
  const allLoadedSelected = devices.length > 0 && devices.every((d) => ids.has(d.id));

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const toggle = (id: string) => {
    const next = new Set(ids);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelection({ kind: 'ids', ids: [...next] });
  };
  const toggleAll = () =>
    onSelection({ kind: 'ids', ids: allLoadedSelected || allMatching ? [] : devices.map((d) => d.id) });

  let list;
  if (query.isPending) {
    list = (
      <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-slate-600">
        <Spinner />
        Loading devices...
      </div>
    );
  } else if (query.isError && devices.length === 0) {
    list = (
      <div role="alert" className="flex flex-col items-center gap-2 px-4 py-10 text-center">
        <CircleAlert aria-hidden="true" className="h-8 w-8 text-red-500" />
        <p className="text-sm font-semibold text-slate-900">Failed to load devices</p>
        <p className="text-sm text-slate-600">Unable to fetch device list from the server.</p>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (devices.length === 0) {
    list = (
      <div className="px-4 py-10 text-center">
        <p className="text-sm font-semibold text-slate-900">No devices found</p>
        <p className="text-sm text-slate-600">Try adjusting your search or filter criteria.</p>
      </div>
    );
  } else {
    list = (
      <ul className="divide-y divide-slate-100">
        {devices.map((device) => (
          <li key={device.id} data-testid={`picker-row-${device.serialNumber}`}>
            <label className="flex cursor-pointer items-center gap-3 px-4 py-2 hover:bg-slate-50">
              <input
                type="checkbox"
                className="h-4 w-4 shrink-0 rounded border-slate-300"
                aria-label={`Select ${device.serialNumber}`}
                checked={ids.has(device.id)}
                onChange={() => toggle(device.id)}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {device.serialNumber}
                </span>
                <span className="block truncate text-xs text-slate-500">
                  {device.productClass} · {device.oui}
                </span>
              </span>
              <DeviceStatusBadge status={device.status} />
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-label="Device selection"
      className="flex min-w-0 flex-col rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="space-y-3 border-b border-slate-200 p-4">
        <h2 className="text-base font-semibold text-slate-900">Select Devices</h2>
        <div className="flex flex-col gap-3 sm:flex-row">
          <SearchInput
            label="Search devices"
            placeholder="Search by serial number, product class, or OUI..."
            value={filter.search ?? ''}
            onSearch={(search) => onFilter((current) => ({ ...current, search: search || undefined }))}
          />
          <select
            aria-label="Filter by status"
            className={`${inputClass} sm:w-40`}
            value={filter.status ?? ''}
            onChange={(event) => {
              const status = isDeviceStatus(event.target.value) ? event.target.value : undefined;
              onFilter((current) => ({ ...current, status }));
            }}
          >
            <option value="">All Status</option>
            {DEVICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {deviceStatusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        {groups.length > 0 ? (
          <select
            aria-label="Device group"
            className={inputClass}
            value={group?.groupId ?? ''}
            onChange={(event) => {
              const chosen = groups.find((g) => g.id === event.target.value);
              onSelection(
                chosen
                  ? { kind: 'group', groupId: chosen.id, name: chosen.name, size: chosen.size }
                  : { kind: 'ids', ids: [] },
              );
            }}
          >
            <option value="">Pick devices below, or a saved group</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} ({g.size})
              </option>
            ))}
          </select>
        ) : null}
        {group ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
            <span>
              All {group.size} devices of the group "{group.name}" are selected (counted again when the
              operation runs).
            </span>
            <button
              type="button"
              className="font-medium text-blue-700 underline hover:text-blue-900"
              onClick={() => onSelection({ kind: 'ids', ids: [] })}
            >
              Clear selection
            </button>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={allMatching || allLoadedSelected}
              disabled={devices.length === 0}
              onChange={toggleAll}
            />
            Select all
          </label>
          <span className="text-sm text-slate-600" data-testid="selection-count">
            {group ? `${selectedCount} selected` : `${selectedCount} of ${total} selected`}
          </span>
        </div>
        {allLoadedSelected && !allMatching && total > devices.length ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
            <span>All {devices.length} devices loaded here are selected.</span>
            <button
              type="button"
              className="font-medium text-blue-700 underline hover:text-blue-900"
              onClick={() => onSelection({ kind: 'filter', filter })}
            >
              Select all {total} matching
            </button>
          </div>
        ) : null}
        {allMatching ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
            <span>All {total} devices matching this search and status are selected.</span>
            <button
              type="button"
              className="font-medium text-blue-700 underline hover:text-blue-900"
              onClick={() => onSelection({ kind: 'ids', ids: [] })}
            >
              Clear selection
            </button>
          </div>
        ) : null}
      </div>
      <div className="max-h-96 min-h-40 overflow-y-auto" data-testid="picker-list">
        {list}
        {hasNextPage ? (
          <div ref={sentinel} className="flex justify-center p-3">
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? 'Loading more...' : `Load more (${devices.length} of ${total} shown)`}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
