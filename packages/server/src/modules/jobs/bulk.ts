// Bulk calls answer per device (spec §7 Provisioning): the jobs made for the devices that exist,
// "Device not found" for the others, each id once.
import type { DeviceRow } from '../../db/tables/devices';
import type { JobRow } from '../../db/tables/jobs';
import type { DevicesService } from '../devices/index';

export type BulkResult =
  { deviceId: string; success: true; jobId: string } | { deviceId: string; success: false; error: string };

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
