import { startFleet, type Fleet, type FleetOptions } from '@provisor/sim';

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
