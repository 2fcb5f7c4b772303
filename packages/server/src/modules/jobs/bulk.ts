// Bulk calls (spec §7 Provisioning, issue 16): the devices are given by id or by the device list's
// own filter, never both; the jobs made are one bulk operation (operations.ts). With ids the answer
// says per id: the job made, or "Device not found". With a filter, which matches only devices that
// exist, it lists only the devices that failed, so 100,000 devices stay a small answer.
import type { BulkResults, DeviceFilter, DeviceSelection } from '../../contract';
import type { DeviceRow } from '../../db/tables/devices';
import type { JobRow, JobType } from '../../db/tables/jobs';
import { AppError } from '../../errors';
import type { DevicesService } from '../devices/index';
import type { OperationsService } from './operations';
import type { JobParams } from './service';

export type BulkResult =
  { deviceId: string; success: true; jobId: string } | { deviceId: string; success: false; error: string };

/** The devices a selection names: those found, the ids not found, and how they were chosen. */
export interface ChosenDevices {
  found: DeviceRow[];
  /** The distinct ids given, in the order given (none for a filter). */
  ids?: string[];
  filter?: DeviceFilter;
}

function describeFilter(f: DeviceFilter): string {
  const search = f.search?.trim();
  if (search && f.status) return `the search "${search}" with status "${f.status}"`;
  if (search) return `the search "${search}"`;
  if (f.status) return `the status "${f.status}"`;
  return 'an empty filter (every device)';
}

/**
 * Reads a bulk body's devices: exactly one of `deviceIds` (at least one id) and `filter`. A filter is
 * resolved by the device list's own query (devices.matching), so it targets exactly what GET
 * /api/devices counts for the same search and status; one that matches nothing is refused.
 */
export async function chooseDevices(devices: DevicesService, s: DeviceSelection): Promise<ChosenDevices> {
  if (s.deviceIds !== undefined && s.filter !== undefined)
    throw new AppError(400, 'Invalid device selection', 'Give either deviceIds or filter, not both');
  if (s.filter !== undefined) {
    const found = await devices.matching(s.filter);
    if (found.length === 0) {
      throw new AppError(
        400,
        'No matching devices',
        `No device matches ${describeFilter(s.filter)}; change the search or status, or check the device list.`,
      );
    }
    return { found, filter: s.filter };
  }
  if (s.deviceIds === undefined || s.deviceIds.length === 0)
    throw new AppError(
      400,
      'No devices chosen',
      'Choose the devices: give deviceIds (at least one id) or a filter',
    );
  const ids = [...new Set(s.deviceIds)];
  return { found: await devices.findByIds(ids), ids };
}

/** What one bulk call asks for: the devices, the job type and a short description of its parameters. */
export interface BulkCall {
  selection: DeviceSelection;
  type: JobType;
  params: JobParams;
  /** The operator who asked (request.auth), if any. */
  createdBy: string | null;
  /** A description to show instead of the one made from the parameters. */
  summary?: string;
}

/**
 * Runs a bulk call: resolves its devices, records its operation, makes the jobs (`create`, which is
 * given the operation's id) and answers per device.
 */
export async function runBulk(
  deps: { devices: DevicesService; operations: OperationsService },
  call: BulkCall,
  create: (found: DeviceRow[], operationId: string) => Promise<JobRow[]>,
  chosen?: ChosenDevices,
): Promise<BulkResults> {
  const { found, ids, filter } = chosen ?? (await chooseDevices(deps.devices, call.selection));
  const operationId = await deps.operations.create({
    type: call.type,
    summary: call.summary ?? summarize(call.type, call.params),
    createdBy: call.createdBy,
    total: found.length,
    ...(filter ? { filter } : { idCount: ids!.length }),
  });
  const created = await create(found, operationId);
  const byDevice = new Map(created.map((j) => [j.device_id, j.id]));
  const results: BulkResult[] = ids
    ? ids.map((deviceId): BulkResult =>
        byDevice.has(deviceId)
          ? { deviceId, success: true, jobId: byDevice.get(deviceId)! }
          : { deviceId, success: false, error: 'Device not found' },
      )
    : found
        .filter((d) => !byDevice.has(d.id))
        .map((d): BulkResult => ({ deviceId: d.id, success: false, error: 'No job was created' }));
  const failed = ids ? ids.length - created.length : results.length;
  return { operationId, results, created: created.length, failed };
}

const MAX_NAMES = 3;

/** A short description of a bulk call's parameters, for the operations list (never a value: it may be a secret). */
export function summarize(type: JobType, p: JobParams): string {
  const names = (p.parameters ?? []).map((x) => (typeof x === 'string' ? x : x.name));
  const listed = names.slice(0, MAX_NAMES).join(', ') + (names.length > MAX_NAMES ? ', ...' : '');
  const count = `${names.length} parameter${names.length === 1 ? '' : 's'}`;
  switch (type) {
    case 'set-parameters':
      return `Set ${count}: ${listed}`;
    case 'get-parameters':
      return `Get ${count}: ${listed}`;
    case 'reboot':
      return 'Reboot';
    case 'firmware-upgrade':
      return `Firmware upgrade to version ${p.version ?? ''}`.trim();
    case 'apply-profile':
      return `Apply profile ${p.profileId ?? ''} (version ${p.profileVersion ?? '?'})`;
    default:
      return type;
  }
}

/** The answer of the older per-device call (kept for callers that make no operation). */
export async function perDevice(
  devices: DevicesService,
  deviceIds: readonly string[],
  create: (found: DeviceRow[]) => Promise<JobRow[]>,
): Promise<{ results: BulkResult[]; created: number; failed: number }> {
  const unique = [...new Set(deviceIds)];
  const created = await create(await devices.findByIds(unique));
  const byDevice = new Map(created.map((j) => [j.device_id, j.id]));
  const results = unique.map((deviceId): BulkResult =>
    byDevice.has(deviceId)
      ? { deviceId, success: true, jobId: byDevice.get(deviceId)! }
      : { deviceId, success: false, error: 'Device not found' },
  );
  return { results, created: created.length, failed: results.length - created.length };
}
