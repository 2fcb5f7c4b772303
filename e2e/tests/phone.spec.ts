// Issue 19 point 1: the console on a phone (390 x 844) in Chromium against the real server and
// simulated routers: a menu replaces the sidebar, and no built screen pans sideways.
import type { Page } from '@playwright/test';
import type { Fleet } from '@provisor/sim';
import { apiHeaders, fillSignIn } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { startServer, type RunningServer } from '../support/server';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let server: RunningServer;
let fleet: Fleet | undefined;
test.beforeAll(async ({ request }) => {
  server = await startServer();
  fleet = await fleetAgainst(server.url, { count: 3, serialTemplate: 'PHONE-LONG-SERIAL-{i:04}' });
  await fleet.waitForSessions(3);
  // A profile, so that the Profiles screen has a row with its rendered parameters.
  const headers = await apiHeaders(request, server.url);
  const templates = await request.get(`${server.url}/api/templates`, { headers });
  const [template] = ((await templates.json()) as { templates: { id: string }[] }).templates;
  const created = await request.post(`${server.url}/api/profiles`, {
    headers,
    data: {
      name: 'Phone layout profile with a rather long name',
      templateId: template!.id,
      values: { wifi_ssid: 'GT_Phonelayoutsurname', wifi_password: 'phone-layout-pass' },
    },
  });
  expect(created.ok()).toBe(true);
});
test.afterAll(async () => {
  await fleet?.stop();
  await server?.stop();
});

/** The page itself never scrolls sideways (a table may, inside its own box). */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(Math.max(widths.page, widths.body), `${what} is wider than the window`).toBeLessThanOrEqual(
    widths.viewport,
  );
}

const SCREENS: [string, string, RegExp | string][] = [
  ['Dashboard', '/', 'Dashboard'],
  ['Devices', '/devices', 'Devices'],
  ['Templates', '/templates', 'Templates'],
  ['Profiles', '/profiles', 'Profiles'],
  ['Customer Routers', '/customer-routers', 'Customer Routers'],
  ['Bulk Operations', '/bulk-operations', 'Bulk Operations'],
];

test('on a phone a menu replaces the sidebar: same links, the active one marked, closes on navigation and Escape', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/login`);
  await expectNoSidewaysScroll(page, 'Login');
  await page.screenshot({ path: 'e2e/.artifacts/phone-login-390.png', fullPage: true });
  await fillSignIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('complementary')).toBeHidden(); // the desktop sidebar
  // The header keeps the product's name whole beside the menu button.
  const product = page.getByRole('banner').getByText('Provisor', { exact: true });
  expect(await product.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Reachable by keyboard: it takes the focus and opens with Enter.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Devices',
    'Templates',
    'Profiles',
    'Provisioning',
    'Customer Routers',
    'Bulk Operations',
    'Campaigns',
    // Issue 22: the admin's audit trail.
    'Audit Log',
  ]);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.screenshot({ path: 'e2e/.artifacts/phone-menu-390.png' });

  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await nav.getByRole('link', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { name: 'Devices', exact: true })).toBeVisible();
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

  // On a desktop the sidebar is there and the menu button is not.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Devices' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('every built screen fits 390 px without sideways scrolling', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/login`);
  await fillSignIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const [name, path, heading] of SCREENS) {
    await page.goto(`${server.url}${path}`);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (path === '/devices')
      await expect(page.getByTestId('device-row-PHONE-LONG-SERIAL-0001')).toBeVisible();
    if (path === '/profiles') await expect(page.getByTestId('profile-row')).toHaveCount(1);
    await expectNoSidewaysScroll(page, name);
    const file = name.toLowerCase().replace(/ /g, '-');
    await page.screenshot({ path: `e2e/.artifacts/phone-${file}-390.png`, fullPage: true });
  }

  // The device page, with its parameter tree and its job history.
  await page.goto(`${server.url}/devices`);
  // The devices table scrolls sideways in its own box; the device's column stays in view.
  const serial = page.getByRole('link', { name: 'PHONE-LONG-SERIAL-0001' });
  await expect(serial).toBeVisible();
  const scrolled = await page.getByRole('table', { name: 'Devices' }).evaluate((table) => {
    table.parentElement!.scrollLeft = 1000;
    return table.parentElement!.scrollLeft;
  });
  expect(scrolled, 'the table is wider than the phone, so it scrolls').toBeGreaterThan(0);
  const box = (await serial.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.getByTestId('device-row-PHONE-LONG-SERIAL-0001').getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'PHONE-LONG-SERIAL-0001' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, 'The device page');
  await page.screenshot({ path: 'e2e/.artifacts/phone-device-390.png', fullPage: true });
  // A value being edited has a line of its own, most of the phone's width, so what is typed shows.
  await page.getByLabel('Edit Device.Time.NTPServer1').click();
  const input = page.getByLabel('Value of Device.Time.NTPServer1');
  await input.fill('ntp1.example.net');
  expect((await input.boundingBox())!.width).toBeGreaterThan(200);
  await expectNoSidewaysScroll(page, 'The device page with a value being edited');
  await page.getByLabel('Cancel editing Device.Time.NTPServer1').click();
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: 'e2e/.artifacts/phone-device-1440.png', fullPage: true });
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a toast covers no control: not the header, not the buttons of a dialog opened while it shows', async ({
  page,
}) => {
  await page.goto(`${server.url}/login`);
  await fillSignIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const [size, name] of [
    [PHONE, '390'],
    [DESKTOP, '1440'],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/profiles`);
    // An action with a toast (about 4 s), then at once a tall dialog, scrolled to its buttons.
    await page
      .getByRole('button', { name: 'Duplicate Phone layout profile with a rather long name', exact: true })
      .click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Profile duplicated' });
    await expect(toast).toBeVisible();
    await page.getByRole('button', { name: 'Create Profile' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Profile' });
    await dialog.getByLabel('Template', { exact: true }).selectOption({ index: 1 });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await cancel.scrollIntoViewIfNeeded();
    await expect(cancel).toBeInViewport();
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox, 'the toast is still on screen').not.toBeNull();
    await page.screenshot({ path: `e2e/.artifacts/phone-toast-dialog-${name}.png` });
    const controls = [
      ...(await dialog.getByRole('button').all()),
      ...(await page.getByRole('banner').getByRole('button').all()),
    ];
    for (const control of controls) {
      const box = await control.boundingBox();
      if (!box) continue;
      expect(overlaps(toastBox, box), `the toast covers "${await control.textContent()}" at ${name} px`).toBe(
        false,
      );
    }
    await cancel.click();
    await expect(dialog).toBeHidden();
  }
});
