// Provisor on a real loopback port with fast sweeps, plus fleets of the project's own simulated
// routers pointed at it. Used by the integration suites.
import { startFleet, type Fleet, type FleetOptions } from '@provisor/sim';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config';
import type { Device } from '../../src/contract';
import { bearer, buildTestApp, listenOnLoopback, login } from '../helpers';

// The tests check API answers field by field; a loose type keeps them readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const FAST_SIM: Partial<FleetOptions> = {
  retryScale: 0.0005,
  timeScale: 0.01,
  activeNotifyDelayMs: 10,
  crMinIntervalMs: 0,
  httpTimeoutMs: 5000,
  periodicInterval: 3600,
};

export interface Acs {
  app: FastifyInstance;
  url: string;
  token: string;
  fleets: Fleet[];
  api(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<{ status: number; json: () => Json }>;
  fleet(options: Partial<FleetOptions> & { count: number }): Promise<Fleet>;
  /** The device with this serial number; throws when there is none. */
  deviceBySerial(serial: string): Promise<Device>;
  countBySerial(search: string): Promise<number>;
  waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs?: number): Promise<T>;
  /** The job once it completed or failed (GET /api/provisioning/jobs/:id). */
  jobFinished(jobId: string, timeoutMs?: number): Promise<Json>;
  close(): Promise<void>;
}

export async function startAcs(overrides: Partial<Config> = {}): Promise<Acs> {
  const t = await buildTestApp({
    sweepIntervalMs: 100,
    connectionRequestMinIntervalMs: 0,
    setConnectionRequestCredentials: true,
    ...overrides,
  });
  const url = `${await listenOnLoopback(t.app)}/`;
  const token = await login(t.app);
  const fleets: Fleet[] = [];
  const acs: Acs = {
    app: t.app,
    url,
    token,
    fleets,
    async api(method, path, payload) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, json: () => res.json() };
    },
    async fleet(options) {
      const fleet = await startFleet({ acsUrl: url, ...FAST_SIM, ...options });
      fleets.push(fleet);
      return fleet;
    },
    async deviceBySerial(serial) {
      const res = await acs.api('GET', `/api/devices?search=${encodeURIComponent(serial)}`);
      const device = res.json().devices.find((d: Device) => d.serialNumber === serial);
      if (!device) throw new Error(`no device with serial number ${serial}`);
      return device;
    },
    async countBySerial(search) {
      return (await acs.api('GET', `/api/devices?search=${encodeURIComponent(search)}`)).json().total;
    },
    async waitFor(what, check, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await check();
        if (value) return value as never;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    jobFinished(jobId, timeoutMs = 15_000) {
      return acs.waitFor(
        `job ${jobId} to finish`,
        async () => {
          const job = (await acs.api('GET', `/api/provisioning/jobs/${jobId}`)).json().job;
          return job.status === 'completed' || job.status === 'failed' ? (job as Json) : undefined;
        },
        timeoutMs,
      );
    },
    async close() {
      await Promise.all(fleets.map((f) => f.stop()));
      await t.close();
    },
  };
  return acs;
}

/** The API over real HTTP, as the console calls it. */
export function httpOf(acs: () => Pick<Acs, 'url' | 'token'>) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const res = await fetch(new URL(path, acs().url), {
      method,
      headers: {
        authorization: `Bearer ${acs().token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as Json, text };
  };
}
