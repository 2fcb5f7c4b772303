// The engine's last read of a session (nextRpc finding no job to run) settles the device's job facts
// from that same read, in the device's turn of telling (service.ts unfinishedToRun): a job created
// meanwhile (a bulk call landing between a session's steps) must never be told away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { createJobEngine, type SessionFacts } from './engine';
import { createJobsRepository } from './repository';
import { createJobsService } from './service';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('a session that finds no job left', () => {
  it('never tells away a job created right after its last read', async () => {
    const { devices, files, settings, database, bus } = t.app.services;
    // The jobs service over a repository whose read of a device's unfinished jobs can be held: the
    // bulk call lands exactly between the session's last read (which sees no job) and what it writes.
    const repo = createJobsRepository(database.db, database.dialect);
    let landAfterRead: (() => Promise<unknown>) | null = null;
    const read = repo.unfinished.bind(repo);
    repo.unfinished = async (deviceId) => {
      const rows = await read(deviceId);
      const land = landAfterRead;
      landAfterRead = null;
      // The job is made and its device marked, or, when the device's telling holds it (as it must
      // while the session's facts are written), left to finish once that turn is over.
      if (land) await Promise.race([land(), new Promise((r) => setTimeout(r, 200))]);
      return rows;
    };
    const jobs = createJobsService(repo, devices, bus, {
      defaultTtlSeconds: 3600,
      waits: { bootSeconds: 300, transferSeconds: 300 },
      processId: 'settle-test',
    });
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
    const facts = {
      sessionId: 'settle-session',
      firstInform: false,
      deviceId: device.id,
      deviceStatus: 'provisioning',
      jobsWaiting: true,
      baseUrl: 'http://127.0.0.1:1',
      events: ['6 CONNECTION REQUEST'],
      parameterKey: '',
      commandKey: '',
    } as unknown as SessionFacts;
    const waiting = async () =>
      (
        await database.db
          .selectFrom('devices')
          .select('jobs_waiting')
          .where('id', '=', device.id)
          .executeTakeFirstOrThrow()
      ).jobs_waiting;

    let made: Promise<unknown> | undefined;
    landAfterRead = () => (made = jobs.create([device], 'reboot', {}));
    // The session saw no job: nothing to send.
    expect(await engine.nextRpc(facts)).toBeNull();
    await made;
    expect(await waiting(), 'the job created after the last read was told away').toBe(1);
    const [job] = await jobs.unfinishedOf(device.id);
    expect(job).toMatchObject({ type: 'reboot', status: 'pending' });

    // Its next session starts it.
    expect(await engine.nextRpc(facts)).toMatchObject({ jobId: job!.id, request: { name: 'Reboot' } });
  });
});
