// Issue 19 point 8: a profile's Deploy chooses the devices (the Provisioning screen's picker, with
// search and status filter), asks the spec's question, then assigns the profile and pushes it. In
// Chromium against the real server and simulated routers speaking CWMP.
import type { Fleet } from '@provisor/sim';
import { apiHeaders, signInAt } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { expect, test } from '../support/fixtures';

const SSID = 'Device.WiFi.SSID.1.SSID';
const fleets: Fleet[] = [];
test.afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stop()));
});

test('Deploy chooses devices by search, asks, then pushes the profile to exactly those routers', async ({
  page,
  request,
  server,
}) => {
  const chosen = await fleetAgainst(server.url, { count: 3, serialTemplate: 'DEPA{i:02}' });
  const others = await fleetAgainst(server.url, { count: 2, serialTemplate: 'DEPB{i:02}' });
  fleets.push(chosen, others);
  await Promise.all([chosen.waitForSessions(3, 30_000), others.waitForSessions(2, 30_000)]);
  const headers = await apiHeaders(request, server.url);
  const templates = await request.get(`${server.url}/api/templates`, { headers });
  const template = ((await templates.json()) as { templates: { id: string; name: string }[] }).templates.find(
    (t) => t.name === 'Generic TR-181 Router',
  )!;
  const created = await request.post(`${server.url}/api/profiles`, {
    headers,
    data: {
      name: 'Horvat fibre',
      templateId: template.id,
      values: { wifi_ssid: 'GT_Deploy', wifi_password: 'Kupac-lozinka-2026' },
    },
  });
  expect(created.ok()).toBe(true);

  await signInAt(page, '/profiles');
  const row = page.getByRole('article', { name: 'Horvat fibre', exact: true });
  await row.getByRole('button', { name: 'Deploy', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose Devices' });
  await expect(picker.getByRole('button', { name: 'Deploy' })).toBeDisabled();
  await picker.getByRole('searchbox', { name: 'Search devices' }).fill('DEPA');
  await expect(picker.getByTestId('selection-count')).toHaveText('0 of 3 selected', { timeout: 30_000 });
  await picker.getByLabel('Select all', { exact: true }).check();
  await expect(picker.getByTestId('selection-count')).toHaveText('3 of 3 selected');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/.artifacts/deploy-picker-390.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'e2e/.artifacts/deploy-picker-1440.png' });
  await picker.getByRole('button', { name: 'Deploy' }).click();

  const question = page.getByRole('dialog', { name: 'Deploy Profile' });
  await expect(question).toContainText('Deploy profile "Horvat fibre" to selected devices?');
  await question.getByRole('button', { name: 'Deploy' }).click();
  await expect(page.getByText('Profile deployed')).toBeVisible();

  await expect
    .poll(() => chosen.devices.map((d) => d.getValue(SSID)), { timeout: 30_000 })
    .toEqual(['GT_Deploy', 'GT_Deploy', 'GT_Deploy']);
  for (const device of others.devices) expect(device.getValue(SSID)).not.toBe('GT_Deploy');
  // The jobs are visible: one bulk operation of three apply-profile jobs on the Provisioning page.
  await page.goto(`${server.url}/provisioning`);
  const group = page.locator('[data-testid^="operation-"]').first();
  await expect(group.getByTestId('operation-progress')).toHaveText('3 of 3', { timeout: 30_000 });
  await expect(group).toContainText('Horvat fibre');
});
