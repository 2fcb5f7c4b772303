// Issue 6 acceptance: the Templates and Profiles screens in Chromium against the real server.
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAt } from '../support/auth';
import { expect, test as shared } from '../support/fixtures';
import { ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';

// A server of its own: the profiles test starts from the empty list ("No profiles"), which the other
// specs sharing the worker's server fill with theirs.
const test = shared.extend<object, { own: RunningServer }>({
  own: [
    // eslint-disable-next-line no-empty-pattern -- a Playwright fixture names what it needs by a pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ own }, use) => use(own.url),
});

test.describe.configure({ mode: 'serial' });

const TEMPLATE_NAME = 'E2E Lab Router';
const TEMPLATE_OPTION = `${TEMPLATE_NAME} (Acme LAB1)`;

/** A schema with every kind of input the profile form knows (spec §5 Profile). */
const SCHEMA = {
  type: 'object',
  required: ['wifi_ssid', 'wifi_password'],
  properties: {
    wifi_ssid: { type: 'string', title: 'Wi-Fi name (SSID)', minLength: 1, maxLength: 32 },
    wifi_password: { type: 'string', minLength: 8, maxLength: 63 },
    wifi_enabled: { type: 'boolean', title: 'Wi-Fi enabled' },
    wifi_security_mode: { type: 'string', title: 'Wi-Fi security', enum: ['WPA2-PSK', 'WPA/WPA2-PSK'] },
    wifi_channel: { type: 'integer', title: 'Wi-Fi channel', minimum: 1, maximum: 13 },
    extra: { type: 'object', title: 'Extra settings' },
    dns_servers: { type: 'array', title: 'DNS servers' },
  },
};

async function tokenFor(request: APIRequestContext, base: string): Promise<string> {
  const answer = await request.post(`${base}/api/auth/login`, {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

async function templateIdOf(
  request: APIRequestContext,
  base: string,
  token: string,
  name: string,
): Promise<string> {
  const answer = await request.get(`${base}/api/templates`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { search: name },
  });
  const { templates } = (await answer.json()) as { templates: { id: string; name: string }[] };
  const found = templates.find((t) => t.name === name);
  if (!found) throw new Error(`template ${name} not found`);
  return found.id;
}

const row = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('templates: seeded cards, create through the dialog with a mapping and schema, export', async ({
  page,
}) => {
  await signInAt(page, '/templates');
  await expect(page.getByRole('heading', { name: 'Templates', exact: true })).toBeVisible();
  await expect(page.getByText('Configuration templates for automatic device provisioning')).toBeVisible();
  const huawei = page.getByRole('article', { name: 'Huawei EG8145V5 Residential' });
  await expect(huawei).toBeVisible();
  await expect(huawei.getByTestId('data-model-badge')).toHaveText('TR-098');
  await expect(page.getByRole('article', { name: 'Generic TR-181 Router' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Template' });
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Vendor is required')).toBeVisible();
  await expect(dialog.getByText('Model is required')).toBeVisible();

  await dialog.getByLabel('Name', { exact: true }).fill(TEMPLATE_NAME);
  await dialog.getByLabel('Vendor', { exact: true }).fill('Acme');
  await dialog.getByLabel('Model', { exact: true }).fill('LAB1');
  await expect(dialog.getByLabel('Data Model', { exact: true })).toHaveValue('TR-181');
  await expect(dialog.getByLabel('Version', { exact: true })).toHaveValue('1.0.0');
  await dialog.getByRole('button', { name: 'Add Mapping' }).click();
  await dialog.getByLabel('Field 1', { exact: true }).fill('wifi_ssid');
  await dialog.getByLabel('Parameter 1', { exact: true }).fill('Device.WiFi.SSID.1.SSID');
  await dialog.getByRole('checkbox', { name: 'Required 1' }).check();
  await dialog.getByRole('button', { name: 'Add Mapping' }).click();
  await dialog.getByLabel('Field 2', { exact: true }).fill('wifi_channel');
  await dialog.getByLabel('Parameter 2', { exact: true }).fill('Device.WiFi.Radio.1.Channel');
  await dialog.getByLabel('Type 2', { exact: true }).selectOption('number');
  await dialog.getByLabel('Default value 2', { exact: true }).fill('6');

  const schema = dialog.getByLabel('Schema (JSON)', { exact: true });
  await schema.fill('{ "type": "object", ');
  await dialog.getByLabel('Description', { exact: true }).focus(); // leaving the editor
  await expect(dialog.getByText('Invalid JSON format')).toBeVisible();
  await schema.fill(JSON.stringify(SCHEMA, null, 2));
  await dialog.getByLabel('Description', { exact: true }).fill('Browser test template');
  await expect(dialog.getByText('Invalid JSON format')).toBeHidden();
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: TEMPLATE_NAME });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('parameter-count')).toHaveText('2');
  await expect(card.getByTestId('data-model-badge')).toHaveText('TR-181');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Export ${TEMPLATE_NAME}` }).click();
  expect((await download).suggestedFilename()).toBe('E2E_Lab_Router_template.json');

  await page.screenshot({ path: 'e2e/.artifacts/templates.png', fullPage: true });
});

test('profiles: schema form, validate, edit with a changelog, duplicate, filter, page past 20, delete', async ({
  page,
  request,
  own,
}) => {
  await signInAt(page, '/profiles');
  await expect(page.getByRole('heading', { name: 'Profiles', exact: true })).toBeVisible();
  await expect(page.getByText('No profiles')).toBeVisible();

  await page.getByRole('button', { name: 'Create Profile' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Profile' });
  await dialog.getByLabel('Name', { exact: true }).fill('Horvat Home');
  await dialog.getByLabel('Template', { exact: true }).selectOption({ label: TEMPLATE_OPTION });
  await dialog.getByLabel('Wi-Fi name (SSID)', { exact: true }).fill('GT_Horvat');
  await expect(dialog.getByLabel('Wi-Fi name (SSID)', { exact: true })).toHaveAttribute('maxlength', '32');
  const password = dialog.getByLabel('wifi_password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await password.fill('short');
  await expect(dialog.getByLabel('Wi-Fi enabled', { exact: true }).locator('option')).toHaveText([
    'Select...',
    'True',
    'False',
  ]);
  await dialog.getByLabel('Wi-Fi enabled', { exact: true }).selectOption({ label: 'True' });
  await dialog.getByLabel('Wi-Fi security', { exact: true }).selectOption('WPA2-PSK');
  const channel = dialog.getByLabel('Wi-Fi channel', { exact: true });
  await expect(channel).toHaveAttribute('min', '1');
  await expect(channel).toHaveAttribute('max', '13');
  await channel.fill('6');
  await dialog.getByLabel('Extra settings', { exact: true }).fill('{"note": "lab"');
  await expect(dialog.getByText('Invalid JSON format')).toBeVisible();
  await dialog.getByLabel('Extra settings', { exact: true }).fill('{"note": "lab"}');
  await dialog.getByLabel('DNS servers', { exact: true }).fill('["1.1.1.1", "9.9.9.9"]');
  await expect(dialog.getByText('Invalid JSON format')).toBeHidden();

  await dialog.getByRole('button', { name: 'Validate' }).click();
  await expect(dialog.getByTestId('validation-result')).toContainText('Validation failed');
  await password.fill('long-enough-secret');
  await dialog.getByRole('button', { name: 'Validate' }).click();
  await expect(dialog.getByTestId('validation-result')).toContainText('Validation passed');
  await dialog.getByRole('button', { name: 'Create Profile' }).click();
  await expect(dialog).toBeHidden();

  const horvat = row(page, 'Horvat Home');
  await expect(horvat.getByTestId('validation-status')).toHaveText('Valid');
  await expect(horvat.getByTestId('gt-badge')).toBeVisible();
  await expect(horvat.getByText('GT_Horvat', { exact: true })).toBeVisible();
  await expect(horvat.getByTestId('profile-version')).toHaveText('1');
  await expect(horvat.getByText('Device.WiFi.SSID.1.SSID=GT_Horvat')).toBeVisible();

  // Edit with a changelog: a new version.
  await page.getByRole('button', { name: 'Edit Horvat Home' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(edit.getByLabel('Template', { exact: true })).toBeDisabled();
  await expect(edit.getByLabel('Wi-Fi name (SSID)', { exact: true })).toHaveValue('GT_Horvat');
  await edit.getByLabel('Wi-Fi channel', { exact: true }).fill('11');
  await edit.getByLabel('Changelog', { exact: true }).fill('Channel 11 after a site survey');
  await edit.getByRole('button', { name: 'Save Profile' }).click();
  await expect(edit).toBeHidden();
  await expect(horvat.getByTestId('profile-version')).toHaveText('2');
  await expect(horvat.getByTestId('changelog')).toHaveText('Channel 11 after a site survey');

  // Duplicate.
  await page.getByRole('button', { name: 'Duplicate Horvat Home' }).click();
  await expect(row(page, 'Horvat Home (Copy)')).toBeVisible();
  await expect(page.getByText('Found 2 profile(s)')).toBeVisible();

  // 25 more through the API, then page past 20.
  const token = await tokenFor(request, own.url);
  const templateId = await templateIdOf(request, own.url, token, TEMPLATE_NAME);
  const bulk = await request.post(`${own.url}/api/profiles/bulk-create`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      profiles: Array.from({ length: 25 }, (_, i) => ({
        name: `Bulk ${String(i + 1).padStart(2, '0')}`,
        templateId,
        values: { wifi_ssid: `Bulk_${i + 1}`, wifi_password: 'bulk-password-1' },
      })),
    },
  });
  expect(bulk.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('Found 27 profile(s)')).toBeVisible();
  await expect(page.getByTestId('profiles-range')).toHaveText('Showing 1 to 20 of 27 results');
  await expect(page.getByTestId('profile-row')).toHaveCount(20);
  await page.screenshot({ path: 'e2e/.artifacts/profiles.png', fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('profiles-range')).toHaveText('Showing 21 to 27 of 27 results');
  await expect(page.getByTestId('profile-row')).toHaveCount(7);

  // Filters: GT_ only, then the search (each back to page 1).
  await page.getByRole('checkbox', { name: 'GT_ Profiles Only' }).check();
  await expect(page.getByText('Found 2 profile(s)')).toBeVisible();
  await expect(page.getByTestId('profiles-range')).toHaveText('Showing 1 to 2 of 2 results');
  await page.getByRole('checkbox', { name: 'GT_ Profiles Only' }).uncheck();
  await page.getByRole('searchbox', { name: 'Search profiles' }).fill('Bulk_1');
  await expect(page.getByText('Found 11 profile(s)')).toBeVisible(); // Bulk_1, Bulk_10..Bulk_19
  // Delete the copy (found by the search, as it may sit on any page).
  await page.getByRole('searchbox', { name: 'Search profiles' }).fill('Horvat');
  await expect(page.getByText('Found 2 profile(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Horvat Home (Copy)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Profile' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete the profile "Horvat Home (Copy)"? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Profile deleted successfully')).toBeVisible();
  await expect(page.getByText('Found 1 profile(s)')).toBeVisible();
  await expect(row(page, 'Horvat Home (Copy)')).toHaveCount(0);
});
