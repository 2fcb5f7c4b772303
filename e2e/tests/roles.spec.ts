// Issue 22 acceptance (the console's points): a viewer sees the devices but cannot reboot (the button
// is disabled, the API answers 403); an operator reboots a simulated router and the admin's Audit Log
// shows who, what and when; an admin disables the operator and the operator's open console is signed
// out at its next call. Users are created through the API with the admin's token.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from '../support/auth';
import { fleetsOfThisFile } from '../support/fleet';
import { ADMIN_PASSWORD } from '../support/server';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const startFleet = fleetsOfThisFile();
const PASSWORD = 'e2e-role-password';

async function createUser(request: APIRequestContext, base: string, username: string, role: string) {
  const token = await apiToken(request, base);
  const answer = await request.post(`${base}/api/users`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { username, password: PASSWORD, role },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: string };
}

async function tokenOf(request: APIRequestContext, base: string, username: string): Promise<string> {
  const login = await request.post(`${base}/api/auth/login`, { data: { username, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

async function signInAs(page: Page, username: string, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

async function deviceId(request: APIRequestContext, base: string, token: string, serial: string) {
  const answer = await request.get(`${base}/api/devices?search=${serial}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { devices } = (await answer.json()) as { devices: { id: string; serialNumber: string }[] };
  return devices.find((d) => d.serialNumber === serial)!.id;
}

test('a viewer sees the device list, the Reboot action is disabled and the API answers 403', async ({
  page,
  request,
  server,
}) => {
  await startFleet(server.url, 1, 'VIEW{i:02}');
  await createUser(request, server.url, 'viewer1', 'viewer');
  await signInAs(page, 'viewer1', '/devices');
  await expect(page.getByTestId('current-role')).toHaveText('Viewer');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('VIEW01');
  await expect(page.getByTestId('device-row-VIEW01')).toBeVisible();
  await page.getByRole('button', { name: 'Actions for VIEW01' }).click();
  const reboot = page.getByRole('menuitem', { name: 'Reboot' });
  await expect(reboot).toBeDisabled();
  await expect(reboot).toHaveAttribute(
    'title',
    'Your role (viewer) can only view. Ask an admin for the operator role.',
  );
  // No Settings and no Audit Log for a viewer.
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  const token = await tokenOf(request, server.url, 'viewer1');
  const id = await deviceId(request, server.url, token, 'VIEW01');
  const refused = await request.post(`${server.url}/api/devices/${id}/reboot`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
});

test("an operator reboots a router; the admin's Audit Log shows the operator, the action and the time; disabling the operator signs their open console out", async ({
  browser,
  page,
  request,
  server,
}) => {
  const fleet = await startFleet(server.url, 1, 'OPER{i:02}');
  const router = fleet.device('OPER01')!;
  const operator = await createUser(request, server.url, 'operator1', 'operator');

  const opContext = await browser.newContext({ baseURL: server.url });
  const opPage = await opContext.newPage();
  try {
    await signInAs(opPage, 'operator1', '/devices');
    await expect(opPage.getByTestId('current-role')).toHaveText('Operator');
    await opPage.getByRole('searchbox', { name: 'Search devices' }).fill('OPER01');
    await opPage.getByRole('button', { name: 'Actions for OPER01' }).click();
    const before = Date.now();
    await opPage.getByRole('menuitem', { name: 'Reboot' }).click();
    await expect(opPage.getByText('Reboot scheduled')).toBeVisible();
    await expect
      .poll(() => router.sessionLog.entries.some((e) => JSON.stringify(e).includes('M Reboot')), {
        timeout: 15_000,
      })
      .toBe(true);

    // The admin's Audit Log, filtered by the operator.
    await page.goto('/audit');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/audit');
    const form = page.getByRole('form', { name: 'Audit filters' });
    await form.getByLabel('User').fill('operator1');
    await form.getByLabel('Action').fill('devices.reboot');
    await form.getByRole('button', { name: 'Apply Filters' }).click();
    const row = page.getByTestId('audit-row').first();
    await expect(row).toContainText('operator1');
    await expect(row).toContainText('devices.reboot');
    await expect(row).toContainText('Success');
    const time = (await row.locator('td').first().textContent()) ?? '';
    // The row's time is the reboot's, to the minute, as the browser's locale writes it.
    expect(Math.abs(new Date(time).getTime() - before)).toBeLessThan(120_000);

    // The admin disables the operator in Settings > Users.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Disable operator1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('cell', { name: 'operator1' }).locator('xpath=..')).toContainText('Disabled');
    expect(operator.id).toBeTruthy();

    // The operator's open console is signed out: at once when its live channel is closed for the
    // ended session, or else at its next call (a 401), whichever comes first.
    await opPage
      .getByRole('link', { name: 'Templates' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await expect(opPage.getByRole('heading', { name: 'Sign In' })).toBeVisible({ timeout: 15_000 });
  } finally {
    await opContext.close();
  }
});

test('the Users and API Tokens tabs and the Audit Log at 1440 and 390 px, never scrolling sideways; a new token is shown once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/settings');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/settings');

  await page.getByRole('tab', { name: 'API Tokens' }).click();
  const form = page.getByRole('form', { name: 'Create token' });
  await form.getByLabel('Token name').fill('e2e-billing');
  await form.getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog');
  const secret = (await dialog.getByTestId('token-secret').textContent()) ?? '';
  expect(secret.length).toBeGreaterThan(10);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'e2e-billing', exact: true })).toBeVisible();
  // The readable API reference opens in a new tab, fetched with the session's token (a link would
  // carry none, and /api/docs answers 401 without it).
  const [docs] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open API reference' }).click(),
  ]);
  await expect(docs.getByRole('heading', { level: 1 })).toContainText('Provisor');
  await expect(docs.getByRole('link', { name: '/api/openapi.json' })).toBeVisible();
  await docs.close();

  for (const [tab, file] of [
    ['Users', 'users'],
    ['API Tokens', 'tokens'],
  ] as const) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.getByRole('tab', { name: tab }).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `e2e/.artifacts/settings-${file}-${width}.png`, fullPage: true });
    }
  }
  await page.goto('/audit');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `e2e/.artifacts/audit-${width}.png`, fullPage: true });
  }
});
