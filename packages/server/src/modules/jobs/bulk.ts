// Bulk calls (spec §7 Provisioning, issue 16): the devices are given by id or by the device list's
// own filter, never both; the jobs made are one bulk operation (operations.ts). With ids the answer
// says per id: the job made, or "Device not found". With a filter, which matches only devices that
// exist, it lists only the devices that failed, so 100,000 devices stay a small answer.
import type { BulkResults, DeviceFilter, DeviceSelection } from '../../contract';
import type { DeviceContact, DeviceRow } from '../../db/tables/devices';
import type { JobRow, JobType } from '../../db/tables/jobs';
import { AppError } from '../../errors';
import type { DeviceMatch, DevicesService } from '../devices/index';
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
  /** The saved group they were chosen by. */
  group?: { id: string; name: string };
}

/**
 * Saved device groups (the campaigns module's; given by the caller so that the jobs module does not
 * reach into it): a group's devices now, or a 404 naming the id.
 */
export interface GroupDevices {
  devicesOf(groupId: string): Promise<{ name: string; devices: DeviceRow[] }>;
  /** A group's saved filter, to read its devices a chunk at a time (runBulk); a 404 naming the id. */
  matchOf(groupId: string): Promise<{ name: string; match: DeviceMatch }>;
}

function describeFilter(f: DeviceFilter): string {
  const search = f.search?.trim();
  if (search && f.status) return `the search "${search}" with status "${f.status}"`;
  if (search) return `the search "${search}"`;
  if (f.status) return `the status "${f.status}"`;
  return 'an empty filter (every device)';
}

/** Refuses a selection that does not give exactly one of deviceIds, filter and groupId. */
function checkSelection(s: DeviceSelection): void {
  const given = (['deviceIds', 'filter', 'groupId'] as const).filter((k) => s[k] !== undefined);
  if (given.length === 2 && s.groupId === undefined)
    throw new AppError(400, 'Invalid device selection', 'Give either deviceIds or filter, not both');
  if (given.length > 1)
    throw new AppError(
      400,
      'Invalid device selection',
      `Give exactly one of deviceIds, filter or groupId, not ${given.join(' and ')}`,
    );
}

function groupMatchesNothing(name: string): AppError {
  return new AppError(
    400,
    'No matching devices',
    `The group "${name}" matches no device now; change its filter or choose another group.`,
  );
}

function noMatch(filter: DeviceFilter): AppError {
  return new AppError(
    400,
    'No matching devices',
    `No device matches ${describeFilter(filter)}; change the search or status, or check the device list.`,
  );
}

/**
 * Reads a bulk body's devices: exactly one of `deviceIds` (at least one id) and `filter`. A filter is
 * resolved by the device list's own query (devices.matching), so it targets exactly what GET
 * /api/devices counts for the same search and status; one that matches nothing is refused.
 */
export async function chooseDevices(
  devices: DevicesService,
  s: DeviceSelection,
  groups?: GroupDevices,
): Promise<ChosenDevices> {
  checkSelection(s);
  if (s.groupId !== undefined) {
    if (!groups) throw new AppError(400, 'Invalid device selection', 'This call takes deviceIds or filter.');
    const { name, devices: found } = await groups.devicesOf(s.groupId);
    if (found.length === 0) throw groupMatchesNothing(name);
    return { found, group: { id: s.groupId, name } };
  }
  if (s.filter !== undefined) {
    const found = await devices.matching(s.filter);
    if (found.length === 0) throw noMatch(s.filter);
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

type BulkDeps = { devices: DevicesService; operations: OperationsService; groups?: GroupDevices };

/**
 * A selection by filter or by group, as runBulk reads it a chunk at a time: the devices it matches,
 * the error for a match that is empty, and the group's name. Refuses a selection that gives not
 * exactly one of deviceIds, filter and groupId; a group that does not exist is a 404.
 */
export async function chunkedSelection(
  deps: { groups?: GroupDevices },
  s: DeviceSelection,
): Promise<{ match: DeviceMatch; empty: () => AppError; group?: string }> {
  checkSelection(s);
  if (s.filter !== undefined) {
    const filter = s.filter;
    return { match: filter, empty: () => noMatch(filter) };
  }
  if (s.groupId === undefined) throw new Error('chunkedSelection: neither a filter nor a group');
  if (!deps.groups)
    throw new AppError(400, 'Invalid device selection', 'This call takes deviceIds or filter.');
  const { name, match } = await deps.groups.matchOf(s.groupId);
  return { match, empty: () => groupMatchesNothing(name), group: name };
}

/**
 * Runs a bulk call: resolves its devices, records its operation, makes the jobs (`create`, which is
 * given the operation's id) and answers per device. A filter or a group is read and its jobs made a
 * chunk at a time (operations.chunkSize devices: each chunk's jobs are made, its devices marked and
 * announced while the next is read), so a call over 100,000 devices holds two chunks, not 100,000
 * rows. The read is by keyset over the list's order, so a device that appears or goes away
 * meanwhile gets at most one job: one added behind the point reached gets none, one ahead of it gets
 * its job.
 */
export async function runBulk(
  deps: BulkDeps,
  call: BulkCall,
  create: (found: DeviceContact[], operationId: string) => Promise<JobRow[]>,
): Promise<BulkResults> {
  const { filter, groupId } = call.selection;
  if (filter === undefined && groupId === undefined)
    return runBulkOn(deps, call, await chooseDevices(deps.devices, call.selection, deps.groups), create);
  const { match, empty, group } = await chunkedSelection(deps, call.selection);
  const size = deps.operations.chunkSize;
  let chunk: DeviceContact[] = await deps.devices.matchingAfter(match, null, size);
  if (chunk.length === 0) throw empty();
  const summary = call.summary ?? summarize(call.type, call.params);
  const operationId = await deps.operations.create({
    type: call.type,
    summary: group === undefined ? summary : `${summary} (group "${group}")`,
    createdBy: call.createdBy,
    total: chunk.length,
    ...(filter ? { filter } : {}),
  });
  const announced = chunk.length;
  const results: BulkResult[] = [];
  let created = 0;
  const after = (rows: DeviceContact[]) => {
    const last = rows.at(-1)!;
    return deps.devices.matchingAfter(match, { serialNumber: last.serial_number, id: last.id }, size);
  };
  for (;;) {
    // The next chunk is read while this one's jobs are made (on another connection): the read is a
    // walk of the list's index, the making is writes; they overlap.
    const next = chunk.length < size ? null : after(chunk);
    next?.catch(() => undefined); // awaited below; not unhandled if making this chunk throws first
    const made = new Set((await create(chunk, operationId)).map((j) => j.device_id));
    created += made.size;
    for (const d of chunk)
      if (!made.has(d.id)) results.push({ deviceId: d.id, success: false, error: 'No job was created' });
    if (!next) break;
    chunk = await next;
    if (chunk.length === 0) break;
  }
  if (created !== announced) await deps.operations.setTotal(operationId, created);
  return { operationId, results, created, failed: results.length };
}

/** runBulk on devices already chosen (chooseDevices), all at once: by ids, by group, or read beforehand. */
export async function runBulkOn(
  deps: BulkDeps,
  call: BulkCall,
  chosen: ChosenDevices,
  create: (found: DeviceRow[], operationId: string) => Promise<JobRow[]>,
): Promise<BulkResults> {
  const { found, ids, filter, group } = chosen;
  const summary = call.summary ?? summarize(call.type, call.params);
  const operationId = await deps.operations.create({
    type: call.type,
    summary: group ? `${summary} (group "${group.name}")` : summary,
    createdBy: call.createdBy,
    total: found.length,
    ...(filter ? { filter } : { idCount: ids?.length ?? found.length }),
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
