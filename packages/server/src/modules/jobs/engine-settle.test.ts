// The engine's last read of a session (nextRpc finding no job to run) settles the device's job facts
// from that same read, in the device's turn of telling (service.ts unfinishedToRun): a job created
// meanwhile (a bulk call landing between a session's steps) must never be told away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { createJobEngine, type SessionFacts } from './engine';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('a session that finds no job left', () => {
  it('never tells away a job created while it looks, whatever the interleaving', async () => {
    const { jobs, devices, files, settings, database } = t.app.services;
    const engine = createJobEngine(
      { jobs, devices, files, settings, assignments: {} as never, log: t.app.log },
      { maxAttempts: 3, setConnectionRequestCredentials: false, discoverTree: false },
    );
    const device = await devices.register({
      oui: '00259E',
      productClass: 'EG8145V5',
      serialNumber: 'SETTLE1',
      connectionRequestUrl: 'http://127.0.0.1:1/',
    } as never);
    const facts: SessionFacts = {
      sessionId: 'settle-session',
      firstInform: false,
      deviceId: device.id,
      deviceStatus: 'online',
      jobsWaiting: true,
      baseUrl: 'http://127.0.0.1:1',
      events: ['6 CONNECTION REQUEST'],
      parameterKey: '',
      commandKey: '',
    } as never;
    const waiting = async () =>
      (
        await database.db
          .selectFrom('devices')
          .select('jobs_waiting')
          .where('id', '=', device.id)
          .executeTakeFirstOrThrow()
      ).jobs_waiting;
    // The bulk call's insert lands at every point of the session's last look, one microtask later each time.
    const later = async <T>(ticks: number, run: () => Promise<T>) => {
      for (let i = 0; i < ticks; i++) await Promise.resolve();
      return run();
    };
    for (let ticks = -60; ticks <= 60; ticks++) {
      const [rpc, [made]] = await Promise.all([
        later(Math.max(0, ticks), () => engine.nextRpc(facts)),
        later(Math.max(0, -ticks), () => jobs.create([device], 'reboot', {})),
      ]);
      const row = (await jobs.find(made!.id))!;
      // Either the session saw the job and started it, or the device still shows it waiting.
      expect(rpc !== null || row.status === 'pending', `ticks ${ticks}`).toBe(true);
      expect(await waiting(), `ticks ${ticks}: the job created meanwhile was told away`).toBe(1);
      await jobs.finish(row, 'cancelled', {});
      expect(await waiting()).toBe(0);
    }
  });
});
