// The Dashboard's numbers in Chromium against the real server: counts from GET /api/stats that follow
// the live channel (stats_update) as simulated routers inform, and the lazily loaded screens.
import type { Fleet } from '@provisor/sim';
import { fillSignIn } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { startServer, type RunningServer } from '../support/server';
import { expect, test } from '../support/fixtures';

// A server of its own: the worker's server has whatever devices the other files registered.
let server: RunningServer;
let fleet: Fleet | undefined;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await fleet?.stop();
  await server?.stop();
});

test('counts routers as they inform, without a reload; the welcome panel goes with the first one', async ({
  page,
}) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  await page.goto(`${server.url}/login`);
  await fillSignIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('TR-069 ACS system overview and device statistics')).toBeVisible();
  await expect(page.getByTestId('dashboard-totalDevices')).toHaveText('0');
  const welcome = page.getByRole('region', { name: 'Welcome to Provisor' });
  await expect(welcome).toContainText(`set their ACS URL to ${server.url}/`);
  await expect(welcome).toContainText('The server listens on port 3029');
  await page.screenshot({ path: 'e2e/.artifacts/dashboard-empty.png', fullPage: true });

  fleet = await fleetAgainst(server.url, { count: 3, serialTemplate: 'DASH{i:02}' });
  // Well inside the 30 s refetch interval: the live stats_update brings the new counts.
  await expect(page.getByTestId('dashboard-totalDevices')).toHaveText('3', { timeout: 15_000 });
  await expect(page.getByTestId('dashboard-onlineDevices')).toHaveText('3');
  for (const key of ['provisioningDevices', 'errorDevices', 'pendingJobs', 'completedJobs', 'failedJobs'])
    await expect(page.getByTestId(`dashboard-${key}`)).toHaveText('0');
  await expect(welcome).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/dashboard.png', fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('the Dashboard is in the first page; other screens load their own chunk on first visit', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${server.url}/login`);
  await fillSignIn(page);
  await expect(page.getByTestId('dashboard-totalDevices')).toHaveText(/^\d+$/);
  expect(scripts.filter((path) => /devices-page/.test(path))).toEqual([]);

  await page.getByRole('navigation').getByRole('link', { name: 'Devices', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Devices', exact: true })).toBeVisible();
  expect(scripts.filter((path) => /^\/assets\/devices-page-[\w-]+\.js$/.test(path))).toHaveLength(1);
});
