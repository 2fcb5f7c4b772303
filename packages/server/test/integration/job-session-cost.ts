// What one job session costs the database, counted rather than timed (db/database.ts StatementLog:
// statements on SQLite, round trips on PostgreSQL): a bulk SetParameterValues by id of one parameter
// to one simulated router, then the connection request and the router's session that runs the job
// (Inform 6 CONNECTION REQUEST, SetParameterValues, its answer, 204). Issue 24 target 3 (the
// 10,000-router wave). Used by session-cost.test.ts and session-cost.postgres.test.ts; the
// counts before and after each cut are in bench/README.md (provisioning-wave, "Statements per job
// session").
import type { Config } from '../../src/config';
import { startAcs } from './rig';

/**
 * Statements (SQLite) or round trips (PostgreSQL) a job session may cost, the bulk call's own left
 * out. Before issue 24 target 3 it cost 22 on both (PostgreSQL counts the connection request's slot,
 * SQLite has none); bench/README.md (provisioning-wave) has the count after each cut. The answer
 * takes its job as this process wrote it when the RPC went out (jobs/service.ts answering): 14 and
 * 13 before; PostgreSQL finishes the job and reads the device's unfinished jobs in one statement
 * (jobs/repository.ts finishAndReadUnfinished): 12 before; it carries the device's job facts in the
 * claim's statement and in the finish's (jobs/service.ts start, finishAndRead): 11 before; the
 * answer takes the device as read when its RPC went out (jobs/engine.ts keep): 13 and 9 before.
 */
export const JOB_SESSION_BOUNDS = { sqlite: 12, postgres: 8 };

const SSID = 'Device.WiFi.SSID.1.SSID';

/**
 * Statements that are not the job session's, whenever they run: the audit log's and the activity
 * feed's batched writes, the campaign scheduler's tick, the bulk operation's progress (its jobs
 * counted by operation as they finish), the dashboard's counts. Each is matched by the table it names,
 * or for the progress by its where clause.
 */
const NOT_THE_SESSION =
  /\b(audit_log|activity|campaigns?|campaign_devices|bulk_operations|operations|job_counts|stats_)\w*\b|where "operation_id" in/i;

export interface JobSessionCost {
  /** The job session's statements: from the bulk call's answer to the session's end. */
  session: number;
  /** The bulk call's own statements (creating the job, marking the device), for the record. */
  bulk: number;
  /** Statements left out as not the session's (NOT_THE_SESSION). */
  ignored: number;
  /** The statements counted, in order (to read when a bound fails). */
  texts: string[];
  /** The device's status as each status change announced it during the session, in order. */
  statuses: string[];
  /** The device's job facts as stored after the session. */
  facts: { status: string; jobs_waiting: number; jobs_running: number; last_job_failed: number };
}

export async function measureJobSessionCost(overrides: Partial<Config> = {}): Promise<JobSessionCost> {
  const acs = await startAcs({
    // Nothing but the router's sessions may run meanwhile: no sweeps, no dashboard recount.
    sweepIntervalMs: 3_600_000,
    discoverTree: false,
    ...overrides,
  });
  try {
    acs.app.services.stats.stop();
    const fleet = await acs.fleet({
      count: 1,
      serialTemplate: 'JOBC{i:04}',
      model: 'tr181',
      periodicInterval: 3600,
    });
    await fleet.waitForSessions(1);
    const device = await acs.deviceBySerial('JOBC0001');
    // The bootstrap's own jobs (credentials) are over before the count starts.
    await acs.waitFor('the bootstrap jobs to finish', async () => {
      const jobs = (await acs.api('GET', `/api/provisioning/jobs?deviceId=${device.id}`)).json().jobs;
      return jobs.every((j: { status: string }) => j.status === 'completed' || j.status === 'failed');
    });
    const statuses: string[] = [];
    acs.app.services.bus.on('device_status_update', (e) => {
      if (e.deviceId === device.id) statuses.push(e.status);
    });
    const log = acs.app.services.database.statements;
    const all: string[] = [];
    log.texts = all;
    // The bulk call's statements are those logged until it answered; the connection request it
    // causes is sent after the answer's jobs_arrived, so the session's all come after. A statement
    // of the session logged before the answer (there are none today) would be counted as the bulk
    // call's, which only a look at `texts` would show.
    const res = await acs.api('POST', '/api/provisioning/bulk/set-parameters', {
      deviceIds: [device.id],
      parameters: [{ name: SSID, value: 'Provisor-JobCost' }],
    });
    if (res.status !== 200) throw new Error(`bulk call answered ${res.status}`);
    const bulk = all.length;
    await fleet.waitForSessions(2);
    log.texts = null;
    const job = (await acs.api('GET', `/api/provisioning/jobs?deviceId=${device.id}`)).json().jobs[0];
    if (job?.status !== 'completed') throw new Error(`the job did not complete: ${JSON.stringify(job)}`);
    const facts = await acs.app.services.database.db
      .selectFrom('devices')
      .select(['status', 'jobs_waiting', 'jobs_running', 'last_job_failed'])
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    const sessionTexts = all.slice(bulk);
    const texts = sessionTexts.filter((t) => !NOT_THE_SESSION.test(t));
    const cost = {
      session: texts.length,
      bulk: all.slice(0, bulk).filter((t) => !NOT_THE_SESSION.test(t)).length,
      ignored: sessionTexts.length - texts.length,
      texts,
      statuses,
      facts,
    };
    // For bench/README.md: SESSION_COST_PRINT=1 prints the counts.
    if (process.env.SESSION_COST_PRINT)
      console.log(
        `job session cost: ${cost.session} (bulk call ${cost.bulk}, ignored ${cost.ignored})\n${texts.join('\n')}`,
      );
    return cost;
  } finally {
    await acs.close();
  }
}
