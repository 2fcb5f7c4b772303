// Issue 16 point 4 acceptance (the console): the Bulk Operations screen in Chromium against the real
// server, importing a customer list through the CSV dialog and assigning the profiles to simulated
// routers with Auto-Match (spec §9: the profile name holds the serial's last 4 characters).
import type { APIRequestContext } from '@playwright/test';
import type { Fleet } from '@provisor/sim';
import { apiHeaders, signInAt } from '../support/auth';
import { fleetAgainst } from '../support/fleet';
import { downloadImportResults } from '../support/import-results';
import { expect, test } from '../support/fixtures';

let fleet: Fleet | undefined;
test.afterAll(async () => {
  await fleet?.stop();
});

async function createTemplate(request: APIRequestContext, base: string): Promise<void> {
  const answer = await request.post(`${base}/api/templates`, {
    headers: await apiHeaders(request, base),
    data: {
      name: 'Bulk Residential',
      vendor: 'Huawei',
      model: 'BLK8145',
      dataModel: 'TR-181',
      version: '1.0.0',
      mapping: [
        { field: 'wifi_ssid', param: 'Device.WiFi.SSID.1.SSID', type: 'string', required: true },
        {
          field: 'wifi_password',
          param: 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase',
          type: 'string',
          required: true,
        },
      ],
      schema: {
        type: 'object',
        properties: {
          wifi_ssid: { type: 'string', minLength: 1, maxLength: 32 },
          wifi_password: { type: 'string', minLength: 8, maxLength: 63 },
        },
      },
    },
  });
  expect(answer.ok()).toBe(true);
}

test('import good and bad customers through the dialog, then Auto-Match and assign them to their routers', async ({
  page,
  request,
  server,
}) => {
  await createTemplate(request, server.url);
  fleet = await fleetAgainst(server.url, { count: 3, serialTemplate: 'BULKQ7{i:02}' });
  await fleet.waitForSessions(3, 30_000);
  const serials = fleet.devices.map((d) => d.serial).sort();
  const tail = (serial: string) => serial.slice(-4);
  // Two customers named after their routers' serial tails; the third router gets no profile.
  const csv = [
    'surname,password,serial_number',
    `Horvat${tail(serials[0]!)},HorvatPass2024,${serials[0]}`,
    `Kovač${tail(serials[1]!)},,${serials[1]}`,
    ',NoSurname2024,',
    'Short,abc,',
    `HORVAT${tail(serials[0]!)},Another2024x,`,
    '',
  ].join('\n');

  await signInAt(page, '/bulk-operations');
  await expect(page.getByRole('heading', { name: 'Bulk Operations', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Customers from CSV' });
  await dialog
    .getByRole('combobox', { name: 'Template' })
    .selectOption({ label: 'Bulk Residential (Huawei BLK8145)' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(dialog.getByRole('textbox', { name: 'CSV data' })).toHaveValue(csv);
  await expect(dialog.getByTestId('preview-summary')).toHaveText(
    'Preview (5 of 5 customers) · 3 rows will not import',
  );
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Successfully imported 2 profiles')).toBeVisible();
  await expect(page.getByTestId('import-summary')).toHaveText('Import completed: 2 successful, 3 failed');

  // The results table and the downloaded results CSV agree row by row.
  const tableRows = page.getByRole('table', { name: 'Import results' }).locator('tbody tr');
  await expect(tableRows).toHaveCount(5);
  const records = await downloadImportResults(page, page.getByRole('button', { name: 'Download Results' }));
  expect(records.map((r) => [r[0], r[5]])).toEqual([
    ['2', 'success'],
    ['3', 'success'],
    ['4', 'failed'],
    ['5', 'failed'],
    ['6', 'failed'],
  ]);
  for (const [i, record] of records.entries()) {
    const cells = tableRows.nth(i).locator('td');
    await expect(cells.nth(0)).toHaveText(record[0]!);
    await expect(cells.nth(1)).toHaveText(record[5] === 'success' ? 'Success' : 'Failed');
    await expect(cells.nth(2)).toHaveText(record[1]!);
    await expect(cells.nth(3)).toHaveText(record[2]!);
    await expect(cells.nth(5)).toHaveText(record[4]!);
    await expect(cells.nth(6)).toHaveText(record[5] === 'success' ? record[7]! : record[6]!);
  }
  expect(records[0]!.slice(1, 5)).toEqual([
    `Horvat${tail(serials[0]!)}`,
    `GT_Horvat${tail(serials[0]!)}`,
    'HorvatPass2024',
    serials[0],
  ]);
  const generated = records[1]![3]!;
  expect(generated).toHaveLength(12);
  expect(records[2]![6]).not.toBe('');

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: 'e2e/.artifacts/bulk-operations-import-1440.png', fullPage: true });

  // Bulk Assignment: Auto-Match pairs each router with the profile named after its serial's tail.
  await page.getByRole('tab', { name: 'Bulk Assignment' }).click();
  const panel = page.getByRole('region', { name: 'Bulk Assignment' });
  for (const serial of serials) await expect(panel.getByText(serial, { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Auto-Match' }).click();
  await expect(panel.getByText('Auto-matched 2 devices')).toBeVisible();
  await expect(panel.getByRole('combobox', { name: `Profile for ${serials[2]}` })).toHaveValue('');
  await panel.getByRole('button', { name: 'Assign Selected' }).click();
  await expect(panel.getByText('Successfully assigned 2 devices')).toBeVisible();
  await expect(panel.getByText(serials[0]!, { exact: true })).toBeHidden();
  await expect(panel.getByText(serials[2]!, { exact: true })).toBeVisible();

  // The profiles' values reach the simulated routers.
  const bySerial = new Map(fleet.devices.map((d) => [d.serial, d]));
  const expected = [
    [serials[0]!, `GT_Horvat${tail(serials[0]!)}`, 'HorvatPass2024'],
    [serials[1]!, `GT_Kovac${tail(serials[1]!)}`, generated],
  ] as const;
  for (const [serial, ssid, password] of expected) {
    const device = bySerial.get(serial)!;
    await expect.poll(() => device.getValue('Device.WiFi.SSID.1.SSID'), { timeout: 30_000 }).toBe(ssid);
    expect(device.getValue('Device.WiFi.AccessPoint.1.Security.KeyPassphrase')).toBe(password);
  }
  expect(bySerial.get(serials[2]!)!.getValue('Device.WiFi.SSID.1.SSID')).toBe('Provisor-Sim');

  // The customer holds the reset button: the router forgets its Wi-Fi, bootstraps (0 BOOTSTRAP),
  // and gets its profile back in that session, with no operator.
  const reset = bySerial.get(serials[0]!)!;
  const resetAt = Date.now();
  reset.pressResetButton();
  expect(reset.getValue('Device.WiFi.SSID.1.SSID')).toBe('Provisor-Sim');
  await expect
    .poll(() => reset.getValue('Device.WiFi.SSID.1.SSID'), { timeout: 30_000 })
    .toBe(`GT_Horvat${tail(serials[0]!)}`);
  expect(reset.getValue('Device.WiFi.AccessPoint.1.Security.KeyPassphrase')).toBe('HorvatPass2024');
  const informsSince = reset.sessionLog.entries.filter((e) => e.kind === 'inform' && e.at >= resetAt);
  expect(informsSince[0]?.kind === 'inform' && informsSince[0].events.map((e) => e.eventCode)).toContain(
    '0 BOOTSTRAP',
  );

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: 'e2e/.artifacts/bulk-operations-assign-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'e2e/.artifacts/bulk-operations-assign-390.png', fullPage: true });
  await page.getByRole('tab', { name: 'CSV Import' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'e2e/.artifacts/bulk-operations-dialog-390.png', fullPage: true });
});
