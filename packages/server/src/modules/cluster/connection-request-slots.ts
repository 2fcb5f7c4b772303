// Connection requests at most one per device per interval across every process sharing the
// database (issue 20): a device's slot is taken in one statement, which only one process can win.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The `claim` of the connection requester (cwmp/connection-request.ts) over connection_request_slots. */
export function claimConnectionRequest(db: Kysely<Database>) {
  return async (deviceId: string, t: number, minIntervalMs: number): Promise<boolean> => {
    const sentAt = new Date(t).toISOString();
    const before = new Date(t - minIntervalMs).toISOString();
    const row = await db
      .insertInto('connection_request_slots')
      .values({ device_id: deviceId, sent_at: sentAt })
      .onConflict((oc) =>
        oc
          .column('device_id')
          .doUpdateSet({ sent_at: sentAt })
          .where('connection_request_slots.sent_at', '<=', before),
      )
      .returning('device_id')
      .executeTakeFirst();
    return row !== undefined;
  };
}
