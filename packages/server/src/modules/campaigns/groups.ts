// Saved device groups (issue 21): a name and a filter (the device list's search and status, and exact
// OUI, product class, software version and assigned profile), counted when asked. Bulk calls name
// devices by group too (jobs/bulk.ts GroupDevices), and campaigns snapshot a group's members.
import { randomUUID } from 'node:crypto';
import type { DeviceGroup, GroupFilter, GroupInput, GroupPreview } from '../../contract';
import type { DeviceGroupRow } from '../../db/tables/campaigns';
import { AppError } from '../../errors';
import type { DevicesService } from '../devices/index';
import type { CampaignsRepository } from './repository';

const filterOf = (row: DeviceGroupRow) => JSON.parse(row.filter) as GroupFilter;

/** The filter as kept: empty strings dropped (an empty exact field would match nothing). */
function cleanFilter(f: GroupFilter): GroupFilter {
  const out: GroupFilter = {};
  for (const [k, v] of Object.entries(f) as [keyof GroupFilter, string | undefined][]) {
    if (v !== undefined && v.trim() !== '') (out as Record<string, string>)[k] = v.trim();
  }
  return out;
}

export function createGroupsService(repo: CampaignsRepository, devices: DevicesService) {
  async function row(id: string): Promise<DeviceGroupRow> {
    const found = await repo.findGroup(id);
    if (!found)
      throw new AppError(
        404,
        'Group not found',
        `No device group has the id "${id}"; check the groups list.`,
      );
    return found;
  }
  const sizeOf = async (f: GroupFilter) => (await devices.versionsMatching(f, 1)).size;
  const toApi = async (r: DeviceGroupRow): Promise<DeviceGroup> => ({
    id: r.id,
    name: r.name,
    filter: filterOf(r),
    size: await sizeOf(filterOf(r)),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });

  return {
    row,
    filterOf,
    async list(): Promise<DeviceGroup[]> {
      return Promise.all((await repo.listGroups()).map(toApi));
    },
    get: async (id: string) => toApi(await row(id)),
    async create(input: GroupInput): Promise<DeviceGroup> {
      const at = new Date().toISOString();
      const filter = cleanFilter(input.filter);
      await sizeOf(filter); // refuses a filter the device list would refuse, before anything is written
      const r: DeviceGroupRow = {
        id: randomUUID(),
        name: input.name.trim(),
        filter: JSON.stringify(filter),
        created_at: at,
        updated_at: at,
      };
      await repo.insertGroup(r);
      return toApi(r);
    },
    async update(id: string, input: GroupInput): Promise<DeviceGroup> {
      await row(id);
      const filter = cleanFilter(input.filter);
      await sizeOf(filter);
      await repo.updateGroup(id, {
        name: input.name.trim(),
        filter: JSON.stringify(filter),
        updated_at: new Date().toISOString(),
      });
      return toApi(await row(id));
    },
    async remove(id: string): Promise<void> {
      const r = await row(id);
      const user = await repo.campaignUsing(id);
      if (user) {
        throw new AppError(
          409,
          'Group in use',
          `The group "${r.name}" is used by the campaign "${user.name}" (${user.state}); cancel that campaign or wait for it to finish, then delete the group.`,
        );
      }
      await repo.deleteGroup(id);
    },
    preview: (filter: GroupFilter): Promise<GroupPreview> =>
      devices.versionsMatching(cleanFilter(filter), 20),
    /** A group's devices now, in the device list's order (jobs/bulk.ts GroupDevices). */
    async devicesOf(id: string) {
      const r = await row(id);
      return { name: r.name, devices: await devices.matching(filterOf(r)) };
    },
    /** A group's saved filter, read a chunk at a time by bulk calls (jobs/bulk.ts GroupDevices). */
    async matchOf(id: string) {
      const r = await row(id);
      return { name: r.name, match: filterOf(r) };
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
