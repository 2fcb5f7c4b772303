// The campaigns module's tables (migration 0020): saved device groups, campaigns and each campaign's
// routers. A campaign's state lives here, never in memory, so a restart carries on where it was.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  CampaignDeviceRow,
  CampaignDeviceState,
  CampaignRow,
  CampaignsTable,
  DeviceGroupRow,
  NewCampaignRow,
} from '../../db/tables/campaigns';

export interface StateCounts {
  pending: number;
  upgrading: number;
  upgraded: number;
  failed: number;
}

/** Counts by wave (index = wave). */
export type WaveCounts = Map<number, StateCounts>;

const zero = (): StateCounts => ({ pending: 0, upgrading: 0, upgraded: 0, failed: 0 });

/** Campaigns that still hold their group (a running, soaking, waiting, paused or halted one). */
export const LIVE_STATES = ['running', 'waiting', 'soaking', 'paused', 'halted'] as const;

export function createCampaignsRepository(db: Kysely<Database>) {
  return {
    // Groups
    listGroups: () => db.selectFrom('device_groups').selectAll().orderBy('name').orderBy('id').execute(),
    findGroup: (id: string): Promise<DeviceGroupRow | undefined> =>
      db.selectFrom('device_groups').selectAll().where('id', '=', id).executeTakeFirst(),
    async insertGroup(row: DeviceGroupRow): Promise<void> {
      await db.insertInto('device_groups').values(row).execute();
    },
    async updateGroup(id: string, patch: Pick<DeviceGroupRow, 'name' | 'filter' | 'updated_at'>) {
      await db.updateTable('device_groups').set(patch).where('id', '=', id).execute();
    },
    async deleteGroup(id: string): Promise<void> {
      await db.deleteFrom('device_groups').where('id', '=', id).execute();
    },
    /** A campaign that still uses the group, if any. */
    campaignUsing: (groupId: string) =>
      db
        .selectFrom('campaigns')
        .select(['id', 'name', 'state'])
        .where('group_id', '=', groupId)
        .where('state', 'in', [...LIVE_STATES])
        .executeTakeFirst(),

    // Campaigns
    /** A campaign and its routers, in one transaction: nothing half-written is kept. */
    async insertCampaign(
      row: NewCampaignRow,
      members: { device_id: string; position: number; wave: number }[],
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('campaigns').values(row).execute();
        for (let i = 0; i < members.length; i += 500) {
          await tx
            .insertInto('campaign_devices')
            .values(
              members.slice(i, i + 500).map((m) => ({
                campaign_id: row.id,
                ...m,
                state: 'pending' as const,
                updated_at: row.created_at,
              })),
            )
            .execute();
        }
      });
    },
    findCampaign: (id: string): Promise<CampaignRow | undefined> =>
      db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst(),
    listCampaigns: () => db.selectFrom('campaigns').selectAll().orderBy('created_at', 'desc').execute(),
    /** Campaigns the scheduler moves on (not paused, halted, cancelled or completed). */
    activeCampaigns: () =>
      db
        .selectFrom('campaigns')
        .selectAll()
        .where('state', 'in', ['running', 'waiting', 'soaking', 'paused'])
        .orderBy('created_at')
        .execute(),
    async updateCampaign(id: string, patch: Partial<CampaignsTable>): Promise<void> {
      await db.updateTable('campaigns').set(patch).where('id', '=', id).execute();
    },
    /** Counts of the campaigns' routers by wave and state. */
    async counts(ids: readonly string[]): Promise<Map<string, WaveCounts>> {
      const out = new Map<string, WaveCounts>(ids.map((id) => [id, new Map()]));
      if (ids.length === 0) return out;
      const rows = await db
        .selectFrom('campaign_devices')
        .select((eb) => ['campaign_id', 'wave', 'state', eb.fn.countAll<string | number>().as('n')])
        .where('campaign_id', 'in', ids)
        .groupBy(['campaign_id', 'wave', 'state'])
        .execute();
      for (const r of rows) {
        const waves = out.get(r.campaign_id)!;
        const c = waves.get(r.wave) ?? zero();
        c[r.state] = Number(r.n);
        waves.set(r.wave, c);
      }
      return out;
    },
    async devices(
      campaignId: string,
      q: { state?: CampaignDeviceState; limit: number; offset: number },
    ): Promise<{
      rows: (CampaignDeviceRow & { serial_number: string; software_version: string })[];
      total: number;
    }> {
      let base = db.selectFrom('campaign_devices').where('campaign_id', '=', campaignId);
      if (q.state) base = base.where('state', '=', q.state);
      const [rows, count] = await Promise.all([
        base
          .innerJoin('devices', 'devices.id', 'campaign_devices.device_id')
          .selectAll('campaign_devices')
          .select(['devices.serial_number', 'devices.software_version'])
          .orderBy('campaign_devices.position')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    /** When each router finished and how, for the progress chart. */
    finishes: (campaignId: string) =>
      db
        .selectFrom('campaign_devices')
        .select(['state', 'finished_at'])
        .where('campaign_id', '=', campaignId)
        .where('state', 'in', ['upgraded', 'failed'])
        .where('finished_at', 'is not', null)
        .orderBy('finished_at')
        .execute(),

    // The scheduler's reads and writes
    countState: async (campaignId: string, state: CampaignDeviceState) =>
      Number(
        (
          await db
            .selectFrom('campaign_devices')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('campaign_id', '=', campaignId)
            .where('state', '=', state)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /**
     * Routers whose upgrade job has finished, with the job's outcome (upgrading ones, and pending ones
     * whose job was made while they were offline).
     */
    finishedJobs: (campaignId: string) =>
      db
        .selectFrom('campaign_devices')
        .innerJoin('jobs', 'jobs.id', 'campaign_devices.job_id')
        .select(['campaign_devices.device_id', 'jobs.status', 'jobs.error', 'jobs.result'])
        .where('campaign_devices.campaign_id', '=', campaignId)
        .where('campaign_devices.state', '=', 'upgrading')
        .where('jobs.status', 'in', ['completed', 'failed', 'cancelled'])
        .execute(),
    /** Upgrading routers that started before `before` (past the campaign's deadline). */
    overdue: (campaignId: string, before: string) =>
      db
        .selectFrom('campaign_devices')
        .select(['device_id', 'job_id'])
        .where('campaign_id', '=', campaignId)
        .where('state', '=', 'upgrading')
        .where('started_at', '<', before)
        .execute(),
    /**
     * Pending routers of waves up to `wave` that can start now: not offline (an offline router is
     * started once it informs again), in the stable order; at most `limit`.
     */
    startable: (campaignId: string, wave: number, limit: number) =>
      db
        .selectFrom('campaign_devices')
        .innerJoin('devices', 'devices.id', 'campaign_devices.device_id')
        .selectAll('devices')
        .where('campaign_devices.campaign_id', '=', campaignId)
        .where('campaign_devices.state', '=', 'pending')
        .where('campaign_devices.wave', '<=', wave)
        .where('devices.status', '!=', 'offline')
        .orderBy('campaign_devices.wave')
        .orderBy('campaign_devices.position')
        .limit(limit)
        .execute(),
    /** Routers of a wave that still hold it: upgrading, or pending and not offline. */
    async holding(campaignId: string, wave: number): Promise<number> {
      const r = await db
        .selectFrom('campaign_devices')
        .innerJoin('devices', 'devices.id', 'campaign_devices.device_id')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('campaign_devices.campaign_id', '=', campaignId)
        .where('campaign_devices.wave', '=', wave)
        .where((eb) =>
          eb.or([
            eb('campaign_devices.state', '=', 'upgrading'),
            eb.and([eb('campaign_devices.state', '=', 'pending'), eb('devices.status', '!=', 'offline')]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async setDevice(
      campaignId: string,
      deviceId: string,
      patch: {
        state: CampaignDeviceState;
        reason?: string | null;
        job_id?: string | null;
        started_at?: string | null;
        finished_at?: string | null;
      },
      at: string,
    ): Promise<void> {
      await db
        .updateTable('campaign_devices')
        .set({ ...patch, updated_at: at })
        .where('campaign_id', '=', campaignId)
        .where('device_id', '=', deviceId)
        .execute();
    },
    /** The job ids of the campaign's upgrading routers (cancelled with the campaign). */
    upgradingJobs: async (campaignId: string) =>
      (
        await db
          .selectFrom('campaign_devices')
          .select('job_id')
          .where('campaign_id', '=', campaignId)
          .where('state', '=', 'upgrading')
          .where('job_id', 'is not', null)
          .execute()
      ).map((r) => r.job_id!),
    /** Failed routers back to pending in their waves; answers how many. */
    async retryFailed(campaignId: string, at: string): Promise<number> {
      const r = await db
        .updateTable('campaign_devices')
        .set({
          state: 'pending',
          reason: null,
          job_id: null,
          started_at: null,
          finished_at: null,
          updated_at: at,
        })
        .where('campaign_id', '=', campaignId)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    /** The most common reasons the routers of a wave failed, with how many (most common first). */
    async failureReasons(campaignId: string, wave: number, max: number): Promise<string[]> {
      const rows = await db
        .selectFrom('campaign_devices')
        .select((eb) => ['reason', eb.fn.countAll<string | number>().as('n')])
        .where('campaign_id', '=', campaignId)
        .where('wave', '=', wave)
        .where('state', '=', 'failed')
        .groupBy('reason')
        .orderBy('n', 'desc')
        .limit(max)
        .execute();
      return rows.map((r) => `${Number(r.n)} × ${r.reason ?? 'no reason given'}`);
    },
    /** The campaign owning a job, if any. */
    campaignOfJob: async (jobId: string) =>
      (
        await db
          .selectFrom('campaign_devices')
          .select('campaign_id')
          .where('job_id', '=', jobId)
          .executeTakeFirst()
      )?.campaign_id,
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
