// Shared set-up for the simulator's integration tests: fast timing so sessions, reboots and
// retries take milliseconds, and a scripted ACS started per test.
import { startFleet } from '../src/fleet/fleet';
import type { Fleet, FleetOptions } from '../src/fleet/fleet';
import { ScriptedAcs } from './scripted-acs';
import type { ScriptedAcsOptions } from './scripted-acs';

export const FAST: Partial<FleetOptions> = {
  retryScale: 0.0005,
  timeScale: 0.01,
  activeNotifyDelayMs: 10,
  crMinIntervalMs: 0,
  httpTimeoutMs: 5000,
  periodicInterval: 3600,
};

export interface Rig {
  acs: ScriptedAcs;
  fleet: Fleet;
  close(): Promise<void>;
}

export async function rig(
  fleetOptions: Partial<FleetOptions> = {},
  acsOptions: ScriptedAcsOptions = {},
): Promise<Rig> {
  const acs = await ScriptedAcs.start(acsOptions);
  const fleet = await startFleet({ acsUrl: acs.url, count: 1, ...FAST, ...fleetOptions });
  return {
    acs,
    fleet,
    async close() {
      await fleet.stop();
      await acs.close();
    },
  };
}
