import { Plus, Router } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { LoadFailure } from '@/components/ui/load-failure';
import { Spinner } from '@/components/ui/spinner';
import { DEVICES_PAGE_SIZE, useDevices } from '../api/get-devices';
import { DEVICE_STATUSES, isDeviceStatus } from '@/lib/device-statuses';
import { useDeviceActions } from './device-actions';
import { DevicesPagination } from './devices-pagination';
import { DevicesSummary } from './devices-summary';
import { DevicesTable } from './devices-table';
import { RegisterDeviceDialog } from './register-device-dialog';
import { deviceStatusLabel } from '@/components/status-badge';
import { useGuard } from '@/hooks/use-role';

/** A filter change starts from the first page. */
const FIRST_PAGE = { offset: undefined, after: undefined, before: undefined };

/**
 * spec §2 "Devices". Search, status and page live in the URL (?search=&status=&offset=) so that the
 * back button from a device page returns to the same view; the server searches and pages. Previous
 * and Next page by the answer's cursors (?after= or ?before=, issue 24: a deep OFFSET walks every row
 * it skips), `offset` then only numbering the rows shown; by offset when the answer has none.
 */
export function DevicesPage() {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const statusParam = params.get('status');
  const status = isDeviceStatus(statusParam) ? statusParam : undefined;
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const after = params.get('after') || undefined;
  const before = params.get('before') || undefined;
  const [registering, setRegistering] = useState(false);
  const actions = useDeviceActions();

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const query = useDevices({
    search: search || undefined,
    status,
    limit: DEVICES_PAGE_SIZE,
    ...(after ? { after } : before ? { before } : { offset }),
  });
  const filtered = Boolean(search || status);
  const openRegister = () => setRegistering(true);

  let body;
  if (query.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-600">
        <Spinner />
        Loading devices...
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <LoadFailure
        title="Failed to load devices"
        detail="Unable to fetch device list from the server."
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.devices.length === 0 && query.data.total === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-4 py-16 text-center">
        <Router aria-hidden="true" className="h-10 w-10 text-slate-300" />
        <p className="text-base font-semibold text-slate-900">No devices found</p>
        {filtered ? (
          <p className="text-sm text-slate-600">Try adjusting your search or filter criteria.</p>
        ) : (
          <>
            <p className="text-sm text-slate-600">Get started by registering your first CPE device.</p>
            <button
              {...guard}
              type="button"
              className={`${buttonClass('primary')} mt-3`}
              onClick={openRegister}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              Register First Device
            </button>
          </>
        )}
      </div>
    );
  } else {
    const { nextCursor, prevCursor } = query.data;
    const cursors = nextCursor !== undefined;
    // A page by cursor with nothing before it is the list's start, whatever came and went meanwhile.
    const shownOffset = (after || before) && prevCursor === null ? 0 : offset;
    const previous = Math.max(0, shownOffset - DEVICES_PAGE_SIZE);
    body = (
      <>
        <DevicesTable devices={query.data.devices} actions={actions} />
        <DevicesPagination
          offset={shownOffset}
          pageSize={DEVICES_PAGE_SIZE}
          shown={query.data.devices.length}
          total={query.data.total}
          {...(cursors ? { hasNext: nextCursor !== null } : {})}
          onPrevious={() =>
            update({
              offset: previous > 0 ? String(previous) : undefined,
              // The first page by offset: whole, and the page every filter change starts from.
              before: previous > 0 && cursors && prevCursor ? prevCursor : undefined,
              after: undefined,
            })
          }
          onNext={() =>
            update({
              offset: String(shownOffset + DEVICES_PAGE_SIZE),
              after: cursors && nextCursor ? nextCursor : undefined,
              before: undefined,
            })
          }
        />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title="Devices"
        subtitle="Manage and monitor your TR-069 CPE devices"
        actions={
          <button {...guard} type="button" className={buttonClass('primary')} onClick={openRegister}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Register Device
          </button>
        }
      />
      <DevicesSummary />
      <section className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200" aria-label="Device list">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row">
          <SearchInput
            label="Search devices"
            placeholder="Search devices by serial number, model, or OUI..."
            value={search}
            onSearch={(wanted) => update({ search: wanted, ...FIRST_PAGE })}
          />
          <select
            aria-label="Filter by status"
            className={`${inputClass} sm:w-48`}
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value || undefined, ...FIRST_PAGE })}
          >
            <option value="">All Status</option>
            {DEVICE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {deviceStatusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        {body}
      </section>
      {registering ? <RegisterDeviceDialog onClose={() => setRegistering(false)} /> : null}
      {actions.dialogs}
    </div>
  );
}
