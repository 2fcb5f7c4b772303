// Settings in Chromium against the real server (issue 18): the four tabs, saving with the banners,
// the restart note, and a refused out-of-range value named by its field.
import type { Page } from '@playwright/test';
import type { Fleet } from '@provisor/sim';
import { fillSignIn } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';
import { expect, test } from '../support/fixtures';

// A server of its own: saving settings must not change the shared one.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function openSettings(page: Page) {
  await page.goto(`${server.url}/login`);
  await fillSignIn(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
}

test('saving shows "Settings saved successfully" for 3 s and the server keeps the value', async ({
  page,
  request,
}) => {
  await openSettings(page);
  await page.getByLabel('Max Connections').fill('150');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const banner = page.getByText('Settings saved successfully');
  await expect(banner).toBeVisible();
  await expect(page.getByText('Some changes require server restart to take effect')).toHaveCount(0);
  await expect(banner).toHaveCount(0, { timeout: 5_000 });

  const login = await request.post(`${server.url}/api/auth/login`, {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const answer = await request.get(`${server.url}/api/settings`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await answer.json()) as { server: { maxConnections: number } }).server.maxConnections).toBe(150);
});

test('a change of port says it needs a restart', async ({ page }) => {
  await openSettings(page);
  await page.getByLabel('Port', { exact: true }).fill('3031');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await expect(page.getByText('Some changes require server restart to take effect')).toBeVisible();
});

test('an out-of-range value is refused with a message naming the field, and what was typed stays', async ({
  page,
}) => {
  await openSettings(page);
  await page.getByRole('tab', { name: 'CWMP/TR-069' }).click();
  await page.getByLabel('Session Timeout (seconds)').fill('2');
  await page.getByRole('tab', { name: 'UI Settings' }).click();
  await page.getByLabel('Refresh Interval (seconds)').fill('500');
  await page.getByRole('button', { name: 'Save Settings' }).click();

  // The first bad field's tab opens.
  await expect(page.getByRole('tab', { name: 'CWMP/TR-069' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByText('Session Timeout (seconds) must be a whole number from 5 to 3600.').first(),
  ).toBeVisible();
  await expect(
    page.getByText('Refresh Interval (seconds) must be a whole number from 5 to 300.'),
  ).toBeVisible();
  await expect(page.getByLabel('Session Timeout (seconds)')).toHaveValue('2');
  await expect(page.getByText('Settings saved successfully')).toHaveCount(0);
});

test('each tab at 1440 and 390 px, never scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSettings(page);
  for (const [tab, file] of [
    ['Server', 'server'],
    ['CWMP/TR-069', 'cwmp'],
    ['Database', 'database'],
    ['UI Settings', 'ui'],
  ] as const) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `e2e/.artifacts/settings-${file}-${width}.png`, fullPage: true });
    }
  }
});

test('turning CWMP authentication on in Settings takes effect without a restart: a router without credentials gets 401, one with them gets in', async ({
  page,
}) => {
  const fleets: Fleet[] = [];
  try {
    await openSettings(page);
    await page.getByRole('tab', { name: 'CWMP/TR-069' }).click();
    await page.getByLabel('Require authentication').check();
    await page.getByLabel('CWMP Username').fill('acs-e2e');
    await page.getByLabel('CWMP Password', { exact: true }).fill('acs-e2e-secret-2026');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await expect(page.getByText('Some changes require server restart to take effect')).toHaveCount(0);

    // A router without credentials is refused (401), and never appears.
    const stranger = await fleetAgainst(server.url, { count: 1, serialTemplate: 'NOAUTH{i:02}' });
    fleets.push(stranger);
    await stranger.waitUntil(() => stranger.stats().sessionsFailed > 0, 15_000, 'a refused session');
    expect(stranger.stats().sessionsOk).toBe(0);
    const refused = stranger
      .device('NOAUTH01')!
      .sessionLog.entries.find((e) => e.kind === 'session-end' && !e.ok);
    expect(refused?.kind === 'session-end' && refused.error).toMatch(/401/);

    // A router with them gets in and shows in the console.
    const known = await fleetAgainst(server.url, {
      count: 1,
      serialTemplate: 'WITHAUTH{i:02}',
      auth: { username: 'acs-e2e', password: 'acs-e2e-secret-2026' },
    });
    fleets.push(known);
    await known.waitForSessions(1, 15_000);
    await page.goto(`${server.url}/devices`);
    await expect(page.getByTestId('device-row-WITHAUTH01')).toBeVisible();
    await expect(page.getByTestId('device-row-NOAUTH01')).toHaveCount(0);
  } finally {
    await Promise.all(fleets.map((f) => f.stop()));
  }
});
