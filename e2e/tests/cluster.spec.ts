// Issue 20, acceptance: two Provisor processes on one PostgreSQL. A console open on process 1 sees
// a router that only process 2 served appear, live: the router's first Inform reaches process 2,
// and process 1's live channel carries it (LISTEN/NOTIFY) to the Devices screen, with no reload.
import { test as base, expect, type WebSocket } from '@playwright/test';
import { createDatabase } from '../../test-support/postgres';
import { startProvisorProcess, type ProvisorProcess } from '../../test-support/provisor-process';
import { fillSignIn } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { ADMIN_PASSWORD, PROVIDER_NAME } from '../support/server';

const postgresUrl = process.env.PROVISOR_TEST_POSTGRES_URL;

const title = 'two processes on one PostgreSQL (issue 20)';
if (!postgresUrl && process.env.CI === 'true') {
  base(`${title}: needs PROVISOR_TEST_POSTGRES_URL, which CI must set`, () => {
    throw new Error('PROVISOR_TEST_POSTGRES_URL is not set; .ci/run starts PostgreSQL and sets it');
  });
}
const describe = postgresUrl ? base.describe : base.describe.skip;

describe(postgresUrl ? title : `${title} [skipped: set PROVISOR_TEST_POSTGRES_URL to run]`, () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  const processes: ProvisorProcess[] = [];

  base.beforeAll(async () => {
    database = await createDatabase(postgresUrl!, 'provisor_e2e');
    const env = {
      DATABASE_URL: database.url,
      PROVISOR_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PROVIDER_NAME,
      PROVISOR_DISCOVER_TREE: 'false',
    };
    processes.push(await startProvisorProcess({ env }));
    processes.push(await startProvisorProcess({ env }));
  });
  base.afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await database?.drop();
  });

  base('a console on process 1 sees a router that only process 2 served appear, live', async ({ page }) => {
    const [first, second] = processes;
    const frames: string[] = [];
    page.on('websocket', (ws: WebSocket) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.goto(`${first!.url}/devices`);
    await fillSignIn(page);
    await expect(page.getByRole('heading', { name: 'Devices', exact: true })).toBeVisible();
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByText('TWOPROC01')).toHaveCount(0);

    const fleet = await fleetAgainst(second!.url, { count: 1, serialTemplate: 'TWOPROC{i:02}' });
    try {
      await fleet.waitForSessions(1, 30_000);
      // Served by process 2 alone; process 1's console shows it without a reload, from its live
      // channel (the Devices screen's own refetch is every 30 s).
      await expect(page.getByText('TWOPROC01')).toBeVisible({ timeout: 10_000 });
      expect(frames.some((f) => f.includes('device_status_update') && f.includes('TWOPROC01'))).toBe(true);
      expect(fleet.devices[0]!.sessionLog.entries.some((e) => e.kind === 'session-end' && e.ok)).toBe(true);
    } finally {
      await fleet.stop();
    }
  });
});
