// Issue 8 acceptance: the Devices screen and device detail in Chromium, against the real server and
// the project's own simulated routers speaking CWMP to it.
import type { Fleet } from '@provisor/sim';
import { signInAt } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const fleets: Fleet[] = [];
test.afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stop()));
});

test('routers appear as they inform, without a reload; search, status filter and paging to the last of 250', async ({
  page,
  server,
}) => {
  await signInAt(page, '/devices');
  await expect(page.getByRole('heading', { name: 'Devices', exact: true })).toBeVisible();
  await expect(page.getByText('Manage and monitor your TR-069 CPE devices')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('PAGE');
  const fleet = await fleetAgainst(server.url, { count: 250, serialTemplate: 'PAGE{i:04}' });
  fleets.push(fleet);
  // No reload: the list follows the live channel (device_status_update) and its refetches.
  await expect(page.getByTestId('devices-range')).toHaveText('Showing 1 to 100 of 250 devices', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('device-row-PAGE0001')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('devices-range')).toHaveText('Showing 101 to 200 of 250 devices');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('devices-range')).toHaveText('Showing 201 to 250 of 250 devices');
  await expect(page.getByTestId('device-row-PAGE0250')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('searchbox', { name: 'Search devices' }).fill('PAGE0042');
  await expect(page.getByTestId('device-row-PAGE0042')).toBeVisible();
  await expect(page.locator('[data-testid^="device-row-"]')).toHaveCount(1);
  await expect(page.getByTestId('device-row-PAGE0042').getByTestId('device-status')).toHaveText('Online');

  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'Offline' });
  await expect(page.getByText('No devices found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'Online' });
  await expect(page.getByTestId('device-row-PAGE0042')).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/devices.png', fullPage: true });
});

test('actions run on the simulated router: test connection, reboot (1 BOOT), backup yields a downloadable file, restore refuses .txt', async ({
  page,
  server,
}) => {
  const fleet = await fleetAgainst(server.url, { count: 1, serialTemplate: 'ACT{i:02}' });
  fleets.push(fleet);
  await fleet.waitForSessions(1);
  const router = fleet.device('ACT01')!;
  await signInAt(page, '/devices');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('ACT01');
  const row = page.getByTestId('device-row-ACT01');
  await expect(row).toBeVisible();
  // The first session also gave the router its connection-request credentials.
  await expect.poll(() => router.sessionsOk, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

  await page.getByRole('button', { name: 'Actions for ACT01' }).click();
  await page.getByRole('menuitem', { name: 'Test Connection' }).click();
  await expect(page.getByText('Connection test successful')).toBeVisible();

  const bootsBefore = router.sessionLog.entries.filter((e) => JSON.stringify(e).includes('1 BOOT')).length;
  await page.getByRole('button', { name: 'Actions for ACT01' }).click();
  await page.getByRole('menuitem', { name: 'Reboot' }).click();
  await expect(page.getByText('Reboot scheduled')).toBeVisible();
  await expect
    .poll(
      () =>
        router.sessionLog.entries.filter((e) => JSON.stringify(e).includes('M Reboot')).length > 0 &&
        router.sessionLog.entries.filter((e) => JSON.stringify(e).includes('1 BOOT')).length > bootsBefore,
      { timeout: 15_000 },
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Actions for ACT01' }).click();
  await page.getByRole('menuitem', { name: 'Backup Configuration' }).click();
  await expect(page.getByText('Backup scheduled')).toBeVisible();

  await page.getByRole('button', { name: 'Actions for ACT01' }).click();
  await page.getByRole('menuitem', { name: 'Restore Configuration' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Configuration File')
    .setInputFiles({ name: 'backup.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(
    dialog.getByText('Only .xml and .json configuration files can be restored; "backup.txt" is neither.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The detail page shows the jobs complete and the backup as a downloadable file.
  await row.getByRole('link', { name: 'ACT01' }).click();
  await expect(page.getByRole('heading', { name: 'ACT01' })).toBeVisible();
  const jobs = page.locator('[data-testid^="job-row-"]');
  await expect(jobs.filter({ hasText: 'Reboot' }).getByTestId('job-status')).toHaveText(/completed/i, {
    timeout: 15_000,
  });
  await expect(jobs.filter({ hasText: 'Backup config' }).getByTestId('job-status')).toHaveText(/completed/i, {
    timeout: 15_000,
  });
  const file = page.locator('[data-testid^="file-row-"]').first();
  await expect(file).toBeVisible({ timeout: 15_000 });
  const download = page.waitForEvent('download');
  await file.getByRole('button', { name: /^Download / }).click();
  const saved = await download;
  const content = await (await saved.createReadStream()).toArray();
  expect(Buffer.concat(content).toString()).toContain('Device.Time.NTPServer1');
});

test('registering a device shows it offline; an invalid OUI or URL shows the validation message', async ({
  page,
}) => {
  await signInAt(page, '/devices');
  await page.getByRole('button', { name: 'Register Device' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Register New Device' })).toBeVisible();
  await dialog.getByLabel('Serial Number').fill('REG0001');
  await dialog.getByLabel('OUI').fill('ABCDEF1');
  await dialog.getByLabel('Product Class').fill('HG8245');
  await dialog.getByLabel('Connection Request URL', { exact: true }).fill('not a url');
  await dialog.getByRole('button', { name: 'Register Device' }).click();
  await expect(dialog.getByText('OUI must be at most 6 characters')).toBeVisible();
  await expect(dialog.getByText('Connection request URL must be a valid URL')).toBeVisible();
  await dialog.getByLabel('OUI').fill('00E0FC');
  await dialog.getByLabel('Connection Request URL', { exact: true }).fill('http://192.0.2.44:7547/cr');
  await dialog.getByRole('button', { name: 'Register Device' }).click();
  await expect(page.getByText('Device registered')).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/register-toast.png' });
  // The message covers none of the header's controls (indicator, user, Settings, Logout).
  const toastBox = await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Device registered' })
    .boundingBox();
  const headerBox = await page.locator('header').boundingBox();
  expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('REG0001');
  await expect(page.getByTestId('device-row-REG0001').getByTestId('device-status')).toHaveText('Offline');

  // The same device again: the server's reason, and no note saying registration does not exist.
  await page.getByRole('button', { name: 'Register Device' }).click();
  await dialog.getByLabel('Serial Number').fill('REG0001');
  await dialog.getByLabel('OUI').fill('00E0FC');
  await dialog.getByLabel('Product Class').fill('HG8245');
  await dialog.getByLabel('Connection Request URL', { exact: true }).fill('http://192.0.2.44:7547/cr');
  await dialog.getByRole('button', { name: 'Register Device' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Failed to register device');
  await expect(alert).toContainText(/already registered/i);
  await expect(alert).not.toContainText('not yet implemented');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `e2e/.artifacts/register-duplicate-${width}.png` });
  }
});

test('editing a writable parameter in the detail view changes it on the simulated router', async ({
  page,
  server,
}) => {
  const fleet = await fleetAgainst(server.url, { count: 1, serialTemplate: 'EDIT{i:02}' });
  fleets.push(fleet);
  await fleet.waitForSessions(1);
  const router = fleet.device('EDIT01')!;
  await signInAt(page, '/devices');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('EDIT01');
  await page.getByTestId('device-row-EDIT01').getByRole('link', { name: 'EDIT01' }).click();
  await expect(page.getByRole('heading', { name: 'EDIT01' })).toBeVisible();
  // Learn the parameter tree (and which parameters are writable) first.
  await page.getByRole('button', { name: /^Refresh/ }).click();
  await expect(page.getByText('Refresh scheduled')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter parameters' }).fill('NTPServer1');
  const param = page.getByTestId('param-Device.Time.NTPServer1');
  await expect(param.getByRole('button', { name: 'Edit Device.Time.NTPServer1' })).toBeVisible({
    timeout: 15_000,
  });
  await param.getByRole('button', { name: 'Edit Device.Time.NTPServer1' }).click();
  await page.getByRole('textbox', { name: 'Value of Device.Time.NTPServer1' }).fill('ntp.e2e.example');
  await page.getByRole('button', { name: 'Save Device.Time.NTPServer1' }).click();
  await expect(page.getByText('Parameter change scheduled')).toBeVisible();
  await expect
    .poll(() => router.getValue('Device.Time.NTPServer1'), { timeout: 15_000 })
    .toBe('ntp.e2e.example');
  await page.screenshot({ path: 'e2e/.artifacts/device-detail.png', fullPage: true });
});
