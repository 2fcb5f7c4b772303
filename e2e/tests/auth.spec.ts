// Sign-in, the guard, the shell and sign-out in real Chromium against the real server.
import { fillSignIn as signIn } from '../support/auth';
import { PROVIDER_NAME } from '../support/server';
import { expect, test } from '../support/fixtures';

test('a signed-out visit to /devices lands on /login', async ({ page }) => {
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Provisor').first()).toBeVisible();
  await expect(page.getByText(PROVIDER_NAME).first()).toBeVisible();
});

test('empty fields submit nothing', async ({ page }) => {
  await page.goto('/login');
  let loginCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/login')) loginCalls++;
  });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForTimeout(300);
  expect(loginCalls).toBe(0);
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password shows the server's error, and editing clears it", async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'not-the-password');
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await page.getByLabel('Password').fill('x');
  await expect(page.getByText('Invalid username or password')).toHaveCount(0);
});

test('signing in returns to /devices; the shell shows the user and a live connection', async ({ page }) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { name: 'Devices', exact: true })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('admin', { exact: true })).toBeVisible();
  await expect(header.getByText('Connected', { exact: true })).toBeVisible();
  await expect(header.getByText(PROVIDER_NAME)).toBeVisible();
  await expect(page.getByText('TR-069/CWMP Auto Configuration Server')).toBeVisible();
  await expect(page.getByText('All rights reserved', { exact: false })).toBeVisible();
  const nav = page.getByRole('navigation');
  for (const name of [
    'Dashboard',
    'Devices',
    'Templates',
    'Profiles',
    'Provisioning',
    'Customer Routers',
    'Bulk Operations',
    'Campaigns',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Devices', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.screenshot({ path: 'e2e/.artifacts/shell.png', fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('a reload keeps the session; only token and username are stored', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('auth-storage'))) ?? '{}');
  expect(Object.keys(stored.state).sort()).toEqual(['token', 'username']);
});

test('unknown paths redirect to /', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/$/);
});

test('Logout returns to /login and the old token is refused by the API', async ({
  page,
  request,
  server,
}) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state?.token,
  );
  expect(typeof token).toBe('string');
  const before = await request.get(`${server.url}/api/auth/verify`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(before.status()).toBe(200);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(async () =>
      (
        await request.get(`${server.url}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    )
    .toBe(401);
});
