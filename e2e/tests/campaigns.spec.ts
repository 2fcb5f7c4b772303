// Issue 21 acceptance (the console): firmware campaigns in Chromium against the real server and
// simulated routers. A group made by search, a campaign in waves that completes live, and a campaign
// over routers of which one in five refuses the download, which halts and says why.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { freePort, startProvisorProcess, type ProvisorProcess } from '../../test-support/provisor-process';
import { ADMIN_PASSWORD, PROVIDER_NAME } from '../support/server';
import { apiToken, fillSignIn, signInAt } from '../support/auth';
import { fleetsOfThisFile } from '../support/fleet';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const startFleet = fleetsOfThisFile();

/** A firmware file in the store, as provisioning.spec.ts uploads one; the simulator reports its version. */
async function uploadFirmware(request: APIRequestContext, base: string, name: string, version: string) {
  const token = await apiToken(request, base);
  const upload = await request.post(`${base}/api/files`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      kind: 'firmware',
      file: {
        name,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(`PROVISOR-FIRMWARE ${version}\n`),
      },
    },
  });
  expect(upload.status()).toBe(201);
  return token;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: `e2e/.artifacts/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `e2e/.artifacts/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
}

const LIVE = { timeout: 90_000 };

test('300 routers, a group by search, canary 10 then 50% and 100% with no soak: each wave completes live and every router reports the new version', async ({
  page,
  request,
  server,
}) => {
  await uploadFirmware(request, server.url, 'fw-6.0.bin', '6.0.0-e2e');
  const fleet = await startFleet(server.url, 300, 'CMPA{i:03}');
  await startFleet(server.url, 4, 'OTHR{i:02}');

  await signInAt(page, '/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns', exact: true })).toBeVisible();
  await expect(page.getByText(/No campaigns yet/)).toBeVisible();

  // The group: its size previewed as the search is typed.
  await page.getByRole('button', { name: 'New Group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New Device Group' });
  await groupDialog.getByLabel('Group name').fill('Wave test routers');
  await groupDialog.getByLabel('Search').fill('CMPA');
  await expect(groupDialog.getByTestId('group-preview-size')).toHaveText('300 devices match');
  await groupDialog.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByText('Group "Wave test routers" created')).toBeVisible();
  const groups = page.getByRole('region', { name: 'Device Groups' });
  await expect(groups.getByRole('row', { name: /Wave test routers/ }).getByTestId('group-size')).toHaveText(
    '300',
  );

  // The campaign: a mistake first (waves not ending at 100), kept as typed and named.
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const form = page.getByRole('dialog', { name: 'New Campaign' });
  await form.getByLabel('Name').fill('Waves to 6.0');
  await form.getByLabel('Device group').selectOption({ label: 'Wave test routers (300)' });
  await expect(form.getByTestId('group-preview-size')).toHaveText('300 devices match');
  await form.getByLabel('Firmware file').selectOption({ label: 'fw-6.0.bin (28 B)' });
  await form.getByLabel('Target version').fill('6.0.0-e2e');
  await form.getByLabel('Canary size').fill('10');
  await form.getByLabel('Waves (%)').fill('50, 90');
  await form.getByLabel('Soak time (minutes)').fill('0');
  await form.getByRole('button', { name: 'Start Campaign' }).click();
  await expect(form.getByText(/Waves must end at 100/).first()).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Waves to 6.0');
  await screenshots(page, 'campaign-form');
  await form.getByLabel('Waves (%)').fill('50, 100');
  await form.getByRole('button', { name: 'Start Campaign' }).click();

  await expect(page).toHaveURL(/\/campaigns\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Waves to 6.0' })).toBeVisible();
  // Live, without a reload: every wave completes, the campaign too.
  for (const index of [0, 1, 2]) {
    await expect(page.getByTestId(`wave-${index}`)).toHaveAttribute('data-complete', 'true', LIVE);
  }
  await expect(page.getByTestId('campaign-state')).toHaveText('Completed', LIVE);
  await expect(page.getByTestId('campaign-progress')).toHaveText('300 upgraded · 0 failed of 300');
  await expect(page.getByTestId('wave-0').getByTestId('wave-upgraded')).toHaveText('10');
  await expect(page.getByTestId('wave-1').getByTestId('wave-upgraded')).toHaveText('140');
  await expect(page.getByTestId('wave-2').getByTestId('wave-upgraded')).toHaveText('150');
  await expect(page.getByTestId('campaign-chart')).toBeVisible();
  await expect(page.getByText('No router has failed.')).toBeVisible();
  for (const device of fleet.devices) {
    expect(device.getValue('Device.DeviceInfo.SoftwareVersion')).toBe('6.0.0-e2e');
  }
  await screenshots(page, 'campaign-page');

  await page.getByRole('link', { name: 'Campaigns', exact: true }).first().click();
  const row = page.getByRole('row', { name: /Waves to 6\.0/ });
  await expect(row.getByTestId('campaign-state')).toHaveText('Completed');
  await expect(row.getByTestId('campaign-progress')).toHaveText('300 upgraded · 0 failed of 300');
  await screenshots(page, 'campaigns-list');
});

test('one router in five refuses the download: the campaign halts after the canary or the first wave, says why, and touches no router past it', async ({
  page,
  request,
  server,
}) => {
  const token = await uploadFirmware(request, server.url, 'fw-7.0.bin', '7.0.0-e2e');
  const fleet = await startFleet(server.url, 30, 'CMPB{i:02}');
  const refusing = fleet.devices.filter((_, i) => i % 5 === 4);
  for (const device of refusing) device.faults.downloadFault = 9010;
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post(`${server.url}/api/groups`, {
    headers: auth,
    data: { name: 'Refusing routers', filter: { search: 'CMPB' } },
  });
  expect(created.status()).toBe(201);
  const { group } = (await created.json()) as { group: { id: string; size: number } };
  expect(group.size).toBe(30);

  await signInAt(page, '/campaigns');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const form = page.getByRole('dialog', { name: 'New Campaign' });
  await form.getByLabel('Name').fill('Halting 7.0');
  await form.getByLabel('Device group').selectOption({ label: 'Refusing routers (30)' });
  await form.getByLabel('Firmware file').selectOption({ label: 'fw-7.0.bin (28 B)' });
  await form.getByLabel('Target version').fill('7.0.0-e2e');
  await form.getByLabel('Canary size').fill('10');
  await form.getByLabel('Waves (%)').fill('50, 100');
  await form.getByLabel('Soak time (minutes)').fill('0');
  await form.getByRole('button', { name: 'Start Campaign' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Halting 7.0' })).toBeVisible();
  await expect(page.getByTestId('campaign-state')).toHaveText('Halted', LIVE);
  const reason = page.getByTestId('campaign-reason');
  await expect(reason).toBeVisible();
  await expect(reason).toContainText('Halted: no further wave starts until you resume.');
  await expect(page.getByTestId('failure-row').first()).toBeVisible();
  await expect(page.getByTestId('failure-reason').first()).toContainText('9010');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry Failed' })).toBeVisible();
  // The last wave never started: no router in it was touched.
  await expect(page.getByTestId('wave-2').getByTestId('wave-finished')).toHaveText('Not started');
  const upgraded = fleet.devices.filter(
    (d) => d.getValue('Device.DeviceInfo.SoftwareVersion') === '7.0.0-e2e',
  );
  expect(upgraded.length).toBeLessThanOrEqual(15);
  await screenshots(page, 'campaign-halted');
});

test('a server restart in the middle of a campaign: the page shows it where it was, and it carries on to the end with no router upgraded twice; its group then names the devices of a bulk operation', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A server of its own, restarted on the same database and port.
  const dir = mkdtempSync(join(tmpdir(), 'provisor-campaign-restart-'));
  const port = await freePort();
  const env = { PROVISOR_ADMIN_PASSWORD: ADMIN_PASSWORD, PROVIDER_NAME };
  let server: ProvisorProcess = await startProvisorProcess({ dir, port, env });
  try {
    const token = await uploadFirmware(request, server.url, 'fw-8.0.bin', '8.0.0-e2e');
    const headers = { Authorization: `Bearer ${token}` };
    const fleet = await startFleet(server.url, 20, 'RSTR{i:02}');
    const files = await (await request.get(`${server.url}/api/files`, { headers })).json();
    const file = (files as { files: { id: string; name: string }[] }).files.find(
      (f) => f.name === 'fw-8.0.bin',
    )!;
    const group = await request.post(`${server.url}/api/groups`, {
      headers,
      data: { name: 'Restart routers', filter: { search: 'RSTR' } },
    });
    const groupId = ((await group.json()) as { group: { id: string } }).group.id;
    const created = await request.post(`${server.url}/api/campaigns`, {
      headers,
      data: {
        name: 'Across a restart',
        groupId,
        fileId: file.id,
        targetVersion: '8.0.0-e2e',
        canarySize: 2,
        waves: [50, 100],
        soakMinutes: 0,
        maxConcurrent: 2,
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const id = ((await created.json()) as { campaign: { id: string } }).campaign.id;
    // Paused in the middle, then the server stops and starts again on the same database.
    await request.post(`${server.url}/api/campaigns/${id}/pause`, { headers });
    const progressed = async () =>
      (
        (await (await request.get(`${server.url}/api/campaigns/${id}`, { headers })).json()) as {
          campaign: { state: string; counts: { upgraded: number; upgrading: number } };
        }
      ).campaign;
    await expect.poll(async () => (await progressed()).counts.upgrading, { timeout: 30_000 }).toBe(0);
    const before = await progressed();
    expect(before.state).toBe('paused');
    expect(before.counts.upgraded).toBeLessThan(20);
    await server.stop();
    server = await startProvisorProcess({ dir, port, env });

    await page.goto(`${server.url}/login`);
    await fillSignIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto(`${server.url}/campaigns/${id}`);
    await expect(page.getByTestId('campaign-state')).toHaveText('Paused');
    await expect(page.getByTestId('campaign-progress')).toHaveText(
      `${before.counts.upgraded} upgraded · 0 failed of 20`,
    );
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByTestId('campaign-state')).toHaveText('Completed', LIVE);
    await expect(page.getByTestId('campaign-progress')).toHaveText('20 upgraded · 0 failed of 20');
    for (const device of fleet.devices) {
      expect(device.getValue('Device.DeviceInfo.SoftwareVersion')).toBe('8.0.0-e2e');
      const downloads = device.sessionLog.entries.filter(
        (e) => e.kind === 'transfer' && e.direction === 'download',
      );
      expect(downloads, device.serial).toHaveLength(1);
    }

    // The same group names the devices of a bulk operation on the Provisioning screen.
    await page.goto(`${server.url}/provisioning`);
    await page.getByLabel('Device group').selectOption({ label: 'Restart routers (20)' });
    await expect(page.getByTestId('selection-count')).toHaveText('20 selected');
    await screenshots(page, 'provisioning-group');
    await page.getByLabel('Parameter name 1').fill('Device.Time.NTPServer2');
    await page.getByLabel('Parameter value 1').fill('ntp2.group.example');
    await page.getByRole('button', { name: 'Execute Operation' }).click();
    await expect(page.getByText('Parameters operation started')).toBeVisible();
    const operation = page.locator('[data-testid^="operation-"]').first();
    await expect(operation.getByTestId('operation-progress')).toHaveText('20 of 20', LIVE);
    for (const device of fleet.devices)
      expect(device.getValue('Device.Time.NTPServer2')).toBe('ntp2.group.example');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
