import { startFleet, type Fleet, type FleetOptions } from '@provisor/sim';
import { test } from './fixtures';

/** Simulated routers with fast timing: reboots, scheduled informs and retries take milliseconds. */
export function fleetAgainst(
  serverUrl: string,
  options: Partial<FleetOptions> & { count: number; serialTemplate: string },
): Promise<Fleet> {
  return startFleet({
    acsUrl: `${serverUrl}/`,
    retryScale: 0.0005,
    timeScale: 0.01,
    activeNotifyDelayMs: 10,
    crMinIntervalMs: 0,
    httpTimeoutMs: 5000,
    periodicInterval: 3600,
    ...options,
  });
}

/**
 * Simulated routers for one spec file, stopped after its last test: call at the file's top level,
 * then `await startFleet(url, count, serialTemplate)` waits for each router's first session.
 */
export function fleetsOfThisFile() {
  const fleets: Fleet[] = [];
  test.afterAll(async () => {
    await Promise.all(fleets.map((f) => f.stop()));
  });
  return async (url: string, count: number, serialTemplate: string): Promise<Fleet> => {
    const fleet = await fleetAgainst(url, { count, serialTemplate });
    fleets.push(fleet);
    await fleet.waitForSessions(count, 30_000);
    return fleet;
  };
}
