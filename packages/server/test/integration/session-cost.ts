// What a router's sessions cost the database, counted rather than timed (db/database.ts StatementLog:
// statements on SQLite, round trips on PostgreSQL): a bootstrap session of a simulated router, from
// its first Inform to the 204, and its periodic sessions after. Used by session-cost.test.ts and
// session-cost.postgres.test.ts; the numbers before and after each cut are in bench/README.md
// (bootstrap-storm).
import type { Config } from '../../src/config';
import { startAcs } from './rig';

/**
 * Statements (SQLite) or round trips (PostgreSQL) a bootstrap session may cost: the built-in TR-181
 * router from its first Inform to the 204, with its credentials' SetParameterValues and, with
 * discovery, one GetParameterNames and one GetParameterValues of its whole tree. Before issue 23
 * point 11 it cost 61 with discovery and 34 (PostgreSQL 33) without, on both, and a periodic Inform
 * cost 3 with the credentials rule on; PostgreSQL writes a job's step in one statement. The
 * bootstrap's profile rule (jobs/assignment.ts atBootstrap, issue 16 point 5) adds two: the device's
 * row and one indexed lookup of a profile carrying its serial. A periodic Inform has cost one since its
 * update is written by its state read (devices/inform-store.ts InformTouch), two before.
 */
export const BOUNDS = {
  sqlite: { bootstrapWithDiscovery: 41, bootstrap: 24 },
  postgres: { bootstrapWithDiscovery: 39, bootstrap: 23 },
};

/** A parameter every Inform of the router carries (TR-181's forced ones), changed by the router. */
const CHANGED = 'Device.DeviceInfo.ProvisioningCode';

export interface SessionCosts {
  /** The first session: 0 BOOTSTRAP, the device created, its jobs made and run, 204. */
  bootstrap: number;
  /** The periodic sessions that followed, one after another. */
  periodic: number[];
  /**
   * A periodic session whose Inform carries a changed value (4 VALUE CHANGE): the tree is read and
   * written with the device's state and update.
   */
  valueChange: number;
  /** The changed value as the device's stored tree has it after that session. */
  valueChangeStored: string | undefined;
  /** RPCs the ACS sent in the bootstrap session. */
  bootstrapRpcs: number;
  /** The statements of the bootstrap session, in order (to read when a bound fails). */
  texts: string[];
}

export async function measureSessionCosts(overrides: Partial<Config>, periodic = 2): Promise<SessionCosts> {
  const acs = await startAcs({
    // Nothing but the router's sessions may run meanwhile: no sweeps, no dashboard recount (it is
    // coalesced fleet-wide, one count per 200 ms however many routers inform).
    sweepIntervalMs: 3_600_000,
    ...overrides,
  });
  try {
    acs.app.services.stats.stop();
    const log = acs.app.services.database.statements;
    const texts: string[] = [];
    log.texts = texts;
    const before = log.count;
    const fleet = await acs.fleet({ count: 1, serialTemplate: 'COST{i:04}', periodicInterval: 3600 });
    await fleet.waitForSessions(1);
    const bootstrap = log.count - before;
    const bootstrapRpcs = fleet.stats().rpcs;
    const costs: number[] = [];
    for (let i = 0; i < periodic; i++) {
      const start = log.count;
      texts.push(`-- periodic ${i + 1}`);
      fleet.devices[0]!.informNow(['2 PERIODIC']);
      await fleet.waitForSessions(2 + i);
      costs.push(log.count - start);
    }
    texts.push('-- value change');
    const start = log.count;
    const device = fleet.devices[0]!;
    device.setValue(CHANGED, 'cost-value-change');
    device.informNow(['4 VALUE CHANGE']);
    await fleet.waitForSessions(2 + periodic);
    const valueChange = log.count - start;
    log.texts = null;
    const stored = await acs.app.services.database.db
      .selectFrom('devices')
      .select('id')
      .where('serial_number', '=', device.serial)
      .executeTakeFirst();
    const tree = stored ? await acs.app.services.devices.parametersOf(stored.id) : {};
    // For bench/README.md: SESSION_COST_PRINT=1 prints the counts.
    if (process.env.SESSION_COST_PRINT)
      console.log(
        `session cost: bootstrap ${bootstrap} (${bootstrapRpcs} RPCs), periodic ${costs.join(', ')}, value change ${valueChange}`,
      );
    return {
      bootstrap,
      periodic: costs,
      valueChange,
      valueChangeStored: tree[CHANGED]?.value,
      bootstrapRpcs,
      texts,
    };
  } finally {
    await acs.close();
  }
}
