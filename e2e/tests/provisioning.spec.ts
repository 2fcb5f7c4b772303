// Issue 16 acceptance (points 1-3, the console): the Provisioning screen in Chromium against the real
// server and the project's simulated routers speaking CWMP to it.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, signInAt } from '../support/auth';
import { fleetsOfThisFile } from '../support/fleet';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const startFleet = fleetsOfThisFile();

async function apiGet<T>(request: APIRequestContext, base: string, token: string, path: string): Promise<T> {
  const answer = await request.get(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

/** Types a search in the picker and waits for its count. */
async function pickerSearch(page: Page, search: string, total: number): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(search);
  await expect(page.getByTestId('selection-count')).toHaveText(`0 of ${total} selected`, { timeout: 30_000 });
}

const NOW_ONE_SECOND = { timeout: 30_000 };

test('select 20 routers by search, set two parameters: the group reaches 20 of 20 and the routers hold the values', async ({
  page,
  server,
}) => {
  const wanted = await startFleet(server.url, 20, 'SETA{i:02}');
  await startFleet(server.url, 5, 'SETB{i:02}');
  await signInAt(page, '/provisioning');
  await expect(page.getByRole('heading', { name: 'Provisioning', exact: true })).toBeVisible();

  await pickerSearch(page, 'SETA', 20);
  await expect(page.locator('[data-testid^="picker-row-"]')).toHaveCount(20);
  await expect(page.getByRole('button', { name: 'Execute Operation' })).toBeDisabled();
  await page.getByLabel('Select all', { exact: true }).check();
  await expect(page.getByTestId('selection-count')).toHaveText('20 of 20 selected');

  await page.getByLabel('Parameter name 1').fill('Device.Time.NTPServer2');
  await page.getByLabel('Parameter value 1').fill('ntp2.e2e.example');
  // At least one row is always kept.
  await expect(page.getByRole('button', { name: 'Remove parameter 1' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add Parameter' }).click();
  await page.getByLabel('Parameter name 2').fill('Device.Time.LocalTimeZone');
  await page.getByLabel('Parameter value 2').fill('CET-1CEST,M3.5.0,M10.5.0/3');
  await page.getByRole('button', { name: 'Execute Operation' }).click();

  await expect(page.getByText('Parameters operation started')).toBeVisible();
  // spec §2: on success the selection is cleared.
  await expect(page.getByTestId('selection-count')).toHaveText('0 of 20 selected');
  const group = page.locator('[data-testid^="operation-"]').first();
  await expect(group.getByTestId('operation-progress')).toHaveText('20 of 20', NOW_ONE_SECOND);
  await expect(group.getByText('20 done · 0 failed · 0 waiting')).toBeVisible();
  await expect(group.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  for (const device of wanted.devices) {
    expect(device.getValue('Device.Time.NTPServer2')).toBe('ntp2.e2e.example');
    expect(device.getValue('Device.Time.LocalTimeZone')).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
  }
});

test('firmware from the file store on 5 routers; a sixth refuses the download, shows its fault, and a retry runs it again', async ({
  page,
  request,
  server,
}) => {
  const token = await apiToken(request, server.url);
  const upload = await request.post(`${server.url}/api/files`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      kind: 'firmware',
      file: {
        name: 'fw-5.0.bin',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('PROVISOR-FIRMWARE 5.0.0-e2e\n'),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const fleet = await startFleet(server.url, 6, 'FWUP{i:02}');
  const refusing = fleet.device('FWUP06')!;
  refusing.faults.downloadFault = 9010;

  await signInAt(page, '/provisioning');
  await pickerSearch(page, 'FWUP', 6);
  await page.getByLabel('Select all', { exact: true }).check();
  await page.getByRole('tab', { name: 'Firmware' }).click();
  await page.getByLabel('Firmware file from the store').selectOption({ label: 'fw-5.0.bin (28 B)' });
  await expect(page.getByLabel('Firmware URL')).toHaveValue(/\/api\/files\/.+\/download$/);
  await page.getByLabel('Version', { exact: true }).fill('5.0.0-e2e');
  await page.getByRole('button', { name: 'Execute Operation' }).click();
  await expect(page.getByText('Firmware operation started')).toBeVisible();

  const group = page.locator('[data-testid^="operation-"]').first();
  await expect(group.getByText('5 done · 1 failed · 0 waiting')).toBeVisible({ timeout: 45_000 });
  for (let i = 1; i <= 5; i++) {
    expect(fleet.device(`FWUP0${i}`)!.getValue('Device.DeviceInfo.SoftwareVersion')).toBe('5.0.0-e2e');
  }
  const { devices } = await apiGet<{ devices: { serialNumber: string; softwareVersion: string }[] }>(
    request,
    server.url,
    token,
    '/api/devices?search=FWUP&limit=10',
  );
  expect(
    devices
      .filter((d) => d.softwareVersion === '5.0.0-e2e')
      .map((d) => d.serialNumber)
      .sort(),
  ).toEqual(['FWUP01', 'FWUP02', 'FWUP03', 'FWUP04', 'FWUP05']);

  // The jobs panel: the refusing router's job, with its CWMP fault.
  await page.getByRole('searchbox', { name: 'Filter jobs by device serial number' }).fill('FWUP06');
  await page.getByLabel('Filter jobs by type').selectOption('firmware-upgrade');
  const row = page.locator('[data-testid^="job-row-"][data-device="FWUP06"]');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('job-status')).toHaveText('failed');
  await expect(row.getByTestId('job-error')).toContainText('CWMP fault 9010');

  refusing.faults.downloadFault = 0;
  await row.getByRole('button', { name: 'Retry: firmware-upgrade on FWUP06' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Job queued for retry')).toBeVisible();
  // Live: the same row moves on to completed without a reload.
  await expect(row.getByTestId('job-status')).toHaveText('completed', { timeout: 45_000 });
  expect(refusing.getValue('Device.DeviceInfo.SoftwareVersion')).toBe('5.0.0-e2e');
  await expect(group.getByText('6 done · 0 failed · 0 waiting')).toBeVisible();

  // The screen at desktop and phone widths: nothing scrolls sideways (tables scroll in their box).
  await page.getByRole('searchbox', { name: 'Filter jobs by device serial number' }).fill('');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: 'e2e/.artifacts/provisioning-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'e2e/.artifacts/provisioning-390.png', fullPage: true });
});

test('export 10 routers as CSV, JSON and XML: each download parses and holds their parameters', async ({
  page,
  server,
}) => {
  await startFleet(server.url, 10, 'EXPO{i:02}');
  const serials = Array.from({ length: 10 }, (_, i) => `EXPO${String(i + 1).padStart(2, '0')}`);
  await signInAt(page, '/provisioning');
  await page.getByRole('tab', { name: 'Export' }).click();

  const downloaded: Record<string, string> = {};
  for (const format of ['csv', 'json', 'xml'] as const) {
    await pickerSearch(page, 'EXPO', 10);
    await page.getByLabel('Select all', { exact: true }).check();
    await page.getByLabel('Format').selectOption(format);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Execute Operation' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^parameters-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
    downloaded[format] = await readFile((await file.path())!, 'utf8');
    await expect(page.getByTestId('selection-count')).toHaveText('0 of 10 selected');
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('');
  }

  const csv = downloaded.csv!.trim().split('\r\n');
  expect(csv[0]).toBe('deviceId,serialNumber,oui,productClass,parameter,value,type');
  const csvSerials = new Set(csv.slice(1).map((line) => line.split(',')[1]));
  expect([...csvSerials].sort()).toEqual(serials);
  expect(csv.some((line) => line.includes(',Device.DeviceInfo.SerialNumber,EXPO03,'))).toBe(true);

  const json = JSON.parse(downloaded.json!) as {
    serialNumber: string;
    parameters: Record<string, { value: string }>;
  }[];
  expect(json.map((d) => d.serialNumber).sort()).toEqual(serials);
  for (const device of json) {
    expect(device.parameters['Device.DeviceInfo.SerialNumber']?.value).toBe(device.serialNumber);
  }

  const xml = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) return null;
    return [...doc.querySelectorAll('device')].map((d) => ({
      serial: d.getAttribute('serialNumber'),
      reported: d.querySelector('parameter[name="Device.DeviceInfo.SerialNumber"]')?.textContent,
    }));
  }, downloaded.xml!);
  expect(xml).not.toBeNull();
  expect(xml!.map((d) => d.serial).sort()).toEqual(serials);
  for (const device of xml!) expect(device.reported).toBe(device.serial);
});

test('"Select all N matching" with a status filter targets exactly the matching routers, in one request', async ({
  page,
  request,
  server,
}) => {
  const token = await apiToken(request, server.url);
  // Registered routers that never informed: offline, and matched by the same search.
  for (let i = 1; i <= 12; i++) {
    const answer = await request.post(`${server.url}/api/devices/register`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        serialNumber: `ALLMOFF${String(i).padStart(2, '0')}`,
        oui: 'E2E001',
        productClass: 'E2E-Router',
        connectionRequestUrl: 'http://127.0.0.1:9/cr',
      },
    });
    expect(answer.ok()).toBe(true);
  }
  await startFleet(server.url, 130, 'ALLM{i:03}');
  const { total: matching } = await apiGet<{ total: number }>(
    request,
    server.url,
    token,
    '/api/devices?search=ALLM&status=online&limit=1',
  );
  expect(matching).toBe(130);

  const bulkCalls: { url: string; body: unknown }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/provisioning/bulk/')) bulkCalls.push({ url: r.url(), body: r.postDataJSON() });
  });
  await signInAt(page, '/provisioning');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('ALLM');
  await expect(page.getByTestId('selection-count')).toHaveText('0 of 142 selected', NOW_ONE_SECOND);
  await page.getByLabel('Filter by status').selectOption({ label: 'Online' });
  await expect(page.getByTestId('selection-count')).toHaveText(`0 of ${matching} selected`);
  // One page of 100 is on screen; the rest is offered as "all matching".
  await expect(page.locator('[data-testid^="picker-row-"]')).toHaveCount(100);
  await page.getByLabel('Select all', { exact: true }).check();
  await expect(page.getByTestId('selection-count')).toHaveText(`100 of ${matching} selected`);
  await page.getByRole('button', { name: `Select all ${matching} matching` }).click();
  await expect(page.getByTestId('selection-count')).toHaveText(`${matching} of ${matching} selected`);

  await page.getByLabel('Parameter name 1').fill('Device.Time.NTPServer1');
  await page.getByLabel('Parameter value 1').fill('ntp4.e2e.example');
  const answer = page.waitForResponse((r) => r.url().includes('/api/provisioning/bulk/set-parameters'));
  await page.getByRole('button', { name: 'Execute Operation' }).click();
  const bulk = (await (await answer).json()) as { operationId: string; created: number; failed: number };

  expect(bulkCalls).toHaveLength(1);
  expect(bulkCalls[0]!.body).toEqual({
    filter: { search: 'ALLM', status: 'online' },
    parameters: [{ name: 'Device.Time.NTPServer1', value: 'ntp4.e2e.example' }],
  });
  expect(bulk.created).toBe(matching);
  expect(bulk.failed).toBe(0);
  const jobs = await apiGet<{ jobs: { deviceId: string }[]; total: number }>(
    request,
    server.url,
    token,
    `/api/provisioning/jobs?operationId=${bulk.operationId}&limit=1000`,
  );
  expect(jobs.total).toBe(matching);
  const online = await apiGet<{ devices: { id: string; serialNumber: string }[] }>(
    request,
    server.url,
    token,
    '/api/devices?search=ALLM&limit=1000',
  );
  const serialOf = new Map(online.devices.map((d) => [d.id, d.serialNumber]));
  const targeted = jobs.jobs.map((j) => serialOf.get(j.deviceId)!);
  expect(targeted.every((s) => /^ALLM\d{3}$/.test(s))).toBe(true);
  expect(new Set(targeted).size).toBe(matching);
});

test('job actions: mark failed stores the text, retry makes the job pending again, mark complete completes it', async ({
  page,
  request,
  server,
}) => {
  const token = await apiToken(request, server.url);
  const registered = await request.post(`${server.url}/api/devices/register`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      serialNumber: 'JOBACT01',
      oui: 'E2E001',
      productClass: 'E2E-Router',
      connectionRequestUrl: 'http://127.0.0.1:9/cr',
    },
  });
  const deviceId = ((await registered.json()) as { device: { id: string } }).device.id;
  // The router never informs: its reboot stays pending for the operator to act on.
  const created = await request.post(`${server.url}/api/devices/${deviceId}/reboot`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const jobId = ((await created.json()) as { job: { id: string } }).job.id;
  const job = () =>
    apiGet<{ job: { status: string; error: string | null } }>(
      request,
      server.url,
      token,
      `/api/provisioning/jobs/${jobId}`,
    ).then((a) => a.job);

  await signInAt(page, '/provisioning');
  const filtered = page.waitForResponse((r) =>
    r.url().includes(`/api/provisioning/jobs?deviceId=${deviceId}`),
  );
  await page.getByRole('searchbox', { name: 'Filter jobs by device serial number' }).fill('JOBACT01');
  await filtered;
  const row = page.getByTestId(`job-row-${jobId}`);
  await expect(row.getByTestId('job-status')).toHaveText('pending');

  await row.getByRole('button', { name: 'Mark Failed: reboot on JOBACT01' }).click();
  const failDialog = page.getByRole('dialog', { name: 'Mark Job Failed' });
  await failDialog.getByRole('button', { name: 'Mark Failed' }).click();
  await expect(failDialog.getByText('Enter why the job failed.')).toBeVisible();
  await failDialog.getByLabel('Error message').fill('Router replaced on site');
  await failDialog.getByRole('button', { name: 'Mark Failed' }).click();
  await expect(page.getByText('Job marked failed')).toBeVisible();
  await expect(row.getByTestId('job-status')).toHaveText('failed');
  await expect(row.getByTestId('job-error')).toHaveText('Router replaced on site');
  expect(await job()).toMatchObject({ status: 'failed', error: 'Router replaced on site' });

  await row.getByRole('button', { name: 'Retry: reboot on JOBACT01' }).click();
  await page.getByRole('dialog', { name: 'Retry Job' }).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Job queued for retry')).toBeVisible();
  await expect(row.getByTestId('job-status')).toHaveText('pending');
  expect(await job()).toMatchObject({ status: 'pending', error: null });

  await row.getByRole('button', { name: 'Mark Complete: reboot on JOBACT01' }).click();
  await page
    .getByRole('dialog', { name: 'Mark Job Complete' })
    .getByRole('button', { name: 'Mark Complete' })
    .click();
  await expect(page.getByText('Job marked complete')).toBeVisible();
  await expect(row.getByTestId('job-status')).toHaveText('completed');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect((await job()).status).toBe('completed');
});
