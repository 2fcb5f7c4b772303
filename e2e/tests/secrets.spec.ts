// Issue 19 point 5: secrets on screen. Lists show a password-like value as its first 4 characters plus
// "****" (the Profiles list, the device's parameter tree, its job history); only an edit form shows it
// in clear, after an explicit "Show". Chromium, the real server and a simulated router.
import type { APIRequestContext } from '@playwright/test';
import type { Fleet } from '@provisor/sim';
import { apiHeaders, fillSignIn } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { startServer, type RunningServer } from '../support/server';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const WIFI_SECRET = 'Horvat-wifi-2024';
const ADMIN_SECRET = 'Admin-Horvat-2024!';
const PASSPHRASE = 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase';

let server: RunningServer;
let fleet: Fleet | undefined;
let headers: Record<string, string>;
test.beforeAll(async ({ request }) => {
  server = await startServer();
  fleet = await fleetAgainst(server.url, { count: 1, serialTemplate: 'SECRET{i:02}' });
  await fleet.waitForSessions(1);
  headers = await apiHeaders(request, server.url);
});
test.afterAll(async () => {
  await fleet?.stop();
  await server?.stop();
});

async function deviceId(request: APIRequestContext, serial: string): Promise<string> {
  const answer = await request.get(`${server.url}/api/devices`, { headers, params: { search: serial } });
  const { devices } = (await answer.json()) as { devices: { id: string; serialNumber: string }[] };
  return devices.find((device) => device.serialNumber === serial)!.id;
}

test('the device page masks a Wi-Fi passphrase in its tree and its job history; the edit form reveals it on request', async ({
  page,
  request,
}) => {
  const id = await deviceId(request, 'SECRET01');
  const set = await request.post(`${server.url}/api/devices/${id}/set-parameters`, {
    headers,
    data: { parameters: [{ name: PASSPHRASE, value: WIFI_SECRET }] },
  });
  expect(set.ok()).toBe(true);
  await expect
    .poll(() => fleet!.device('SECRET01')!.getValue(PASSPHRASE), { timeout: 15_000 })
    .toBe(WIFI_SECRET);

  await page.goto(`${server.url}/devices/${encodeURIComponent(id)}`);
  await fillSignIn(page);
  await expect(page.getByRole('heading', { name: 'SECRET01' })).toBeVisible();
  const jobs = page.locator('[data-testid^="job-row-"]').filter({ hasText: 'Set parameters' });
  await expect(jobs.getByTestId('job-status')).toHaveText(/completed/i, { timeout: 15_000 });
  await expect(jobs.getByTestId('job-parameters')).toHaveText(`${PASSPHRASE}=Horv****`);

  await page.getByRole('searchbox', { name: 'Filter parameters' }).fill('Security.KeyPassphrase');
  const row = page.getByTestId(`param-${PASSPHRASE}`);
  await expect(row).toContainText('Horv****');
  // The server never sends the link's own credentials: said so, not masked a second time.
  await page.getByRole('searchbox', { name: 'Filter parameters' }).fill('ConnectionRequestPassword');
  await expect(page.getByTestId('param-Device.ManagementServer.ConnectionRequestPassword')).toContainText(
    '(not shown)',
  );
  await expect(page.locator('body')).not.toContainText(WIFI_SECRET);
  expect(await page.locator(`[title*="${WIFI_SECRET}"]`).count()).toBe(0);
  await page.screenshot({ path: 'e2e/.artifacts/secrets-device-1440.png', fullPage: true });

  // The edit form: a password input, in clear only after "Show".
  await page.getByRole('searchbox', { name: 'Filter parameters' }).fill('Security.KeyPassphrase');
  await row.getByRole('button', { name: `Edit ${PASSPHRASE}` }).click();
  const input = page.getByLabel(`Value of ${PASSPHRASE}`, { exact: true });
  await expect(input).toHaveAttribute('type', 'password');
  await expect(input).toHaveValue(WIFI_SECRET);
  await page.getByRole('button', { name: `Show value of ${PASSPHRASE}` }).click();
  await expect(input).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: `Hide value of ${PASSPHRASE}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the Profiles list masks the Wi-Fi passphrase; the edit dialog reveals them on request, the view dialog does not', async ({
  page,
  request,
}) => {
  const templates = await request.get(`${server.url}/api/templates`, {
    headers,
    params: { search: 'Generic TR-181' },
  });
  const template = ((await templates.json()) as { templates: { id: string; name: string }[] }).templates.find(
    (t) => t.name === 'Generic TR-181 Router',
  )!;
  const created = await request.post(`${server.url}/api/profiles`, {
    headers,
    data: {
      name: 'Horvat secrets',
      templateId: template.id,
      values: { wifi_ssid: 'GT_Horvat', wifi_password: WIFI_SECRET, admin_password: ADMIN_SECRET },
    },
  });
  expect(created.ok()).toBe(true);

  await page.goto(`${server.url}/profiles`);
  await fillSignIn(page);
  const row = page.getByRole('article', { name: 'Horvat secrets', exact: true });
  await expect(row).toContainText(`${PASSPHRASE}=Horv****`);
  await expect(row).toContainText('Device.WiFi.SSID.1.SSID=GT_Horvat');
  await expect(page.locator('body')).not.toContainText(WIFI_SECRET);
  expect(await page.locator(`[title*="${WIFI_SECRET}"]`).count()).toBe(0);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `e2e/.artifacts/secrets-profiles-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'View Horvat secrets' }).click();
  const view = page.getByRole('dialog', { name: 'View Profile' });
  const viewed = view.locator('input[name="wifi_password"]');
  await expect(viewed).toHaveAttribute('type', 'password');
  await expect(view.getByRole('button', { name: /^Show / }).first()).toBeDisabled();
  await view.getByRole('button', { name: 'Close', exact: true }).first().click();

  await page.getByRole('button', { name: 'Edit Horvat secrets' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  const password = edit.locator('input[name="wifi_password"]');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveValue(WIFI_SECRET);
  await expect(edit.locator('input[name="admin_password"]')).toHaveAttribute('type', 'password');
  const show = edit.getByRole('button', { name: /^Show / }).first();
  await show.click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.screenshot({ path: 'e2e/.artifacts/secrets-profile-edit-1440.png' });
});
