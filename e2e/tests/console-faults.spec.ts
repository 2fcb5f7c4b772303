// Issue 19 point 9: smaller faults of the console, each in Chromium against the real server (and a
// simulated router for the device page).
import type { APIRequestContext } from '@playwright/test';
import type { Fleet } from '@provisor/sim';
import { apiHeaders, fillSignIn } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { startServer, type RunningServer } from '../support/server';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

let server: RunningServer;
let fleet: Fleet | undefined;
let headers: Record<string, string>;
test.beforeAll(async ({ request }) => {
  server = await startServer();
  headers = await apiHeaders(request, server.url);
});
test.afterAll(async () => {
  await fleet?.stop();
  await server?.stop();
});

async function createTemplate(request: APIRequestContext, name: string, model: string): Promise<string> {
  const answer = await request.post(`${server.url}/api/templates`, {
    headers,
    data: {
      name,
      vendor: 'Acme',
      model,
      dataModel: 'TR-181',
      version: '1.0.0',
      mapping: [{ field: 'wifi_ssid', param: 'Device.WiFi.SSID.1.SSID', type: 'string', required: true }],
      schema: {
        type: 'object',
        properties: {
          wifi_ssid: { type: 'string', title: 'SSID', minLength: 1, maxLength: 32 },
          wifi_password: { type: 'string', title: 'Wi-Fi password', minLength: 8 },
          note: { type: 'string', title: 'Note', maxLength: 20 },
          vlan: { type: 'integer', title: 'VLAN', minimum: 1 },
        },
      },
    },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { template: { id: string } }).template.id;
}

test('a field error clears once the field is valid, in the template and the profile dialogs', async ({
  page,
}) => {
  await page.goto(`${server.url}/templates`);
  await fillSignIn(page);
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Template' });
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Vendor is required')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Typed name');
  await expect(dialog.getByText('Name is required')).toBeHidden();
  await expect(dialog.getByText('Vendor is required')).toBeVisible(); // still missing
  await dialog.getByLabel('Name', { exact: true }).fill('');
  await expect(dialog.getByText('Name is required')).toBeHidden(); // back only on submit
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`${server.url}/profiles`);
  await page.getByRole('button', { name: 'Create Profile' }).first().click();
  const profile = page.getByRole('dialog', { name: 'Create Profile' });
  await profile.getByRole('button', { name: 'Create Profile' }).click();
  await expect(profile.getByText('Name is required')).toBeVisible();
  await profile.getByLabel('Name', { exact: true }).fill('Horvat');
  await expect(profile.getByText('Name is required')).toBeHidden();
  await expect(profile.getByText('Template is required')).toBeVisible();
});

test('"Template created" names the template without the server\'s data-model note', async ({ page }) => {
  await page.goto(`${server.url}/templates`);
  await fillSignIn(page);
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Template' });
  await dialog.getByLabel('Name', { exact: true }).fill('Bounds Router');
  await dialog.getByLabel('Vendor', { exact: true }).fill('Acme');
  await dialog.getByLabel('Model', { exact: true }).fill('BND1');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Template created' });
  await expect(toast).toContainText('Bounds Router');
  await page.screenshot({ path: 'e2e/.artifacts/faults-template-created-1440.png' });
  // This server has no BBF data models (PROVISOR_DATA_MODELS_DIR): its note is not the operator's business.
  const text = await toast.textContent();
  expect(text).not.toContain('Data-model check');
  expect(text).not.toContain('PROVISOR_DATA_MODELS_DIR');
});

test('a hint with one bound says "at least" or "at most", not "8 to …"', async ({ page, request }) => {
  await createTemplate(request, 'Hints Router', 'HNT1');
  await page.goto(`${server.url}/profiles`);
  await fillSignIn(page);
  await page.getByRole('button', { name: 'Create Profile' }).first().click();
  const profile = page.getByRole('dialog', { name: 'Create Profile' });
  await profile.getByLabel('Template', { exact: true }).selectOption({ label: 'Hints Router (Acme HNT1)' });
  await expect(profile.getByText('at least 8 characters', { exact: true })).toBeVisible();
  await expect(profile.getByText('at most 20 characters', { exact: true })).toBeVisible();
  await expect(profile.getByText('at least 1', { exact: true })).toBeVisible();
  await expect(profile.getByText('1 to 32 characters', { exact: true })).toBeVisible();
  await expect(profile).not.toContainText('…');
  await page.screenshot({ path: 'e2e/.artifacts/faults-hints-1440.png' });
});

test('two templates of one vendor and model are told apart by name in the Profiles filter', async ({
  page,
  request,
}) => {
  await createTemplate(request, 'Dup Residential', 'DUP1');
  await createTemplate(request, 'Dup Business', 'DUP1');
  await page.goto(`${server.url}/profiles`);
  await fillSignIn(page);
  const filter = page.getByRole('combobox', { name: 'Filter by template' });
  await expect(filter.locator('option', { hasText: 'Acme DUP1' })).toHaveCount(2);
  const options = await filter.locator('option').allTextContents();
  expect(options).toContain('Acme DUP1 (Dup Residential)');
  expect(options).toContain('Acme DUP1 (Dup Business)');
  expect(options).toContain('Acme HNT1'); // alone of its kind: vendor and model, as the spec has it
  expect(new Set(options).size).toBe(options.length);
});

test('a ?edit= id that names no profile says the profile was not found', async ({ page }) => {
  await page.goto(`${server.url}/profiles?edit=no-such-profile`);
  await fillSignIn(page);
  await page.waitForURL((url) => url.pathname === '/profiles');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Profile not found' });
  await expect(toast).toContainText('No profile has the id "no-such-profile"');
  await expect(page).toHaveURL(/\/profiles$/);
  await page.screenshot({ path: 'e2e/.artifacts/faults-profile-not-found-1440.png' });
});

test('the device page names the assigned profile and links to it', async ({ page, request }) => {
  fleet = await fleetAgainst(server.url, { count: 1, serialTemplate: 'FAULT{i:02}' });
  await fleet.waitForSessions(1);
  const devices = await request.get(`${server.url}/api/devices`, { headers, params: { search: 'FAULT01' } });
  const device = ((await devices.json()) as { devices: { id: string }[] }).devices[0]!;
  const templateId = await createTemplate(request, 'Assigned Router', 'ASG1');
  const created = await request.post(`${server.url}/api/profiles`, {
    headers,
    data: { name: 'Horvat Home', templateId, values: { wifi_ssid: 'GT_Horvat' } },
  });
  const profileId = ((await created.json()) as { profile: { id: string } }).profile.id;
  const assigned = await request.post(`${server.url}/api/devices/${device.id}/assign-profile`, {
    headers,
    data: { profileId },
  });
  expect(assigned.ok()).toBe(true);

  await page.goto(`${server.url}/devices/${encodeURIComponent(device.id)}`);
  await fillSignIn(page);
  const field = page.getByTestId('device-field-assignedProfileId');
  await expect(field.getByRole('link', { name: 'Horvat Home' })).toBeVisible();
  await expect(field).not.toContainText(profileId);
  await page.screenshot({ path: 'e2e/.artifacts/faults-assigned-profile-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/.artifacts/faults-assigned-profile-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await field.getByRole('link', { name: 'Horvat Home' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Name', { exact: true })).toHaveValue('Horvat Home');
});
