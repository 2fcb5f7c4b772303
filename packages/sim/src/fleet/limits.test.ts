// Every limit is a named option; each one is exercised here.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileServer } from '../../test/file-server';
import { rig } from '../../test/fixtures';
import type { Rig } from '../../test/fixtures';

let r: Rig | undefined;
let files: FileServer | undefined;
afterEach(async () => {
  await r?.close();
  await files?.close();
  r = undefined;
  files = undefined;
});

const SN = 'SIM000001';

describe('fleet limits', () => {
  it('sessionLogLimit keeps only the newest entries', async () => {
    r = await rig({ sessionLogLimit: 3 });
    r.acs.queue(SN, ...Array.from({ length: 5 }, () => ({ name: 'GetRPCMethods' as const })));
    await r.fleet.waitForSessions(1);
    const log = r.fleet.device(SN)!.sessionLog.entries;
    expect(log.map((e) => e.kind)).toEqual(['rpc', 'rpc', 'session-end']);
  });

  it('maxAcsBodyBytes fails a session whose ACS answer is larger', async () => {
    r = await rig({ maxAcsBodyBytes: 200 });
    const d = r.fleet.devices[0]!;
    await r.fleet.waitUntil(() => d.sessionsFailed >= 1, 5000);
    expect(d.sessionLog.entries.find((e) => e.kind === 'session-end')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/larger than 200 bytes/),
    });
  });

  it('rampUpMs spreads the first boots', async () => {
    r = await rig({ count: 2, rampUpMs: 300 });
    await r.fleet.waitForSessions(2);
    const [a, b] = r.fleet.devices.map((d) => d.sessionLog.entries[0]!.at);
    expect(b! - a!).toBeGreaterThanOrEqual(100);
  });

  it('transferLimits.maxDownloadBytes turns a larger file into 9017', async () => {
    files = await FileServer.start();
    files.files.set('/big.bin', Buffer.alloc(5000));
    r = await rig({ transferLimits: { timeoutMs: 5000, maxDownloadBytes: 1000 } });
    r.acs.queue(SN, {
      name: 'Download',
      commandKey: 'big',
      fileType: '2 Web Content',
      url: `${files.url}/big.bin`,
      username: '',
      password: '',
      fileSize: 0,
      targetFileName: '',
      delaySeconds: 0,
      successUrl: '',
      failureUrl: '',
    });
    await r.fleet.waitUntil(() => r!.acs.transferCompletesOf(SN).length > 0, 5000);
    expect(r.acs.transferCompletesOf(SN)[0]?.faultStruct.faultCode).toBe(9017);
  });

  it('persistIntervalMs writes changed devices while running, not only at stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-persist-'));
    try {
      r = await rig({ stateDir: dir, persistIntervalMs: 20 });
      await r.fleet.waitForSessions(1);
      await r.fleet.waitUntil(() => existsSync(join(dir, `${SN}.json`)), 2000, 'the state file');
    } finally {
      await r?.close();
      r = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
