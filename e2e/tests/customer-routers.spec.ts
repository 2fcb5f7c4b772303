// Issue 17 acceptance (points 1, 3, 5, 6, the console): the Customer Routers screen in Chromium against
// the real server and simulated EG8145V5 routers (the real TR-098 dump in ../shared/data/devices).
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Fleet } from '@provisor/sim';
import { apiHeaders, signInAt } from '../support/auth';
import { needSharedData, sharedDataPath } from '../support/shared-data';
import { fleetAgainst } from '../support/fleet';
import { downloadImportResults } from '../support/import-results';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const MODELS_DIR = sharedDataPath('devices');
// The routers are the real EG8145V5 dump: without ../shared the tests say so by name (CI fails).
test.beforeEach(() => needSharedData());

// The starter template's mapping for the EG8145V5 (server: templates/starters.ts).
const WLAN = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1';
const SSID = `${WLAN}.SSID`;
const PASSPHRASE = `${WLAN}.PreSharedKey.1.KeyPassphrase`;

const CUSTOMERS = ['Horvat', 'Babic', 'Novak'] as const;

const fleets: Fleet[] = [];
test.afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stop()));
});

async function startRouter(url: string, serial: string): Promise<Fleet> {
  const fleet = await fleetAgainst(url, {
    count: 1,
    serialTemplate: serial,
    model: 'eg8145v5',
    modelsDir: MODELS_DIR,
  });
  fleets.push(fleet);
  await fleet.waitForSessions(1, 30_000);
  return fleet;
}

const banner = (page: Page) => page.getByTestId('customer-banner');

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) {
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(0, 8)
        .map((e) => `${e.tagName}.${e.className} ${e.getBoundingClientRect().right}`),
    );
    console.log(wide.join('\n'));
  }
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The customer profiles other tests on this worker's server made already (the screen's rule: a
 * profile whose wifi_ssid starts with GT_), so the totals below count this test's own.
 */
async function customerProfilesBefore(request: APIRequestContext, base: string): Promise<number> {
  const answer = await request.get(`${base}/api/profiles`, {
    headers: await apiHeaders(request, base),
    params: { limit: 1000, offset: 0 },
  });
  const { profiles } = (await answer.json()) as { profiles: { values: Record<string, unknown> }[] };
  return profiles.filter((p) => String(p.values['wifi_ssid'] ?? '').startsWith('GT_')).length;
}

test('create 3 customers by hand, Auto-Match their routers, the routers carry GT_{surname} and the password; Manage Profiles masks and exports the selection', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  const before = await customerProfilesBefore(request, server.url);
  // Serials that contain the customer's surname (spec §9 Auto-match), and one router of nobody's.
  const routers = await Promise.all(
    CUSTOMERS.map((s) => startRouter(server.url, `HWTC${s.toUpperCase()}{i:02}`)),
  );
  await startRouter(server.url, 'HWTCSTRANGER{i:02}');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, '/customer-routers');
  await expect(page.getByRole('heading', { name: 'Customer Routers', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Manual Creation' }).click();
  await expect(page.getByText('No customers added yet')).toBeVisible();

  // Only customer templates are offered: the Huawei starter, not the generic TR-181 one.
  const template = page.getByRole('combobox', { name: 'Router Template' });
  await expect(template.locator('option', { hasText: 'Huawei EG8145V5 Residential' })).toHaveCount(1);
  await expect(template.locator('option', { hasText: 'Generic TR-181 Router' })).toHaveCount(0);

  const passwords: string[] = [];
  for (const [index, surname] of CUSTOMERS.entries()) {
    await page.getByRole('button', { name: 'Add Customer' }).click();
    await page.getByLabel(`Surname ${index + 1}`, { exact: true }).fill(surname);
    const password = await page.getByLabel(`Password ${index + 1}`, { exact: true }).inputValue();
    expect(password).toHaveLength(12);
    passwords.push(password);
  }
  await expect(page.getByText('3 customer(s) ready to create')).toBeVisible();
  await page.getByRole('button', { name: 'Create All Profiles' }).click();
  await expect(page.getByText('Please select a router template')).toBeVisible();
  await expect(page.getByLabel('Surname 3', { exact: true })).toHaveValue('Novak');
  await template.selectOption({ label: 'Huawei EG8145V5 Residential (Huawei EG8145V5)' });
  await page.getByRole('button', { name: 'Create All Profiles' }).click();
  await expect(banner(page)).toHaveText('Successfully created 3 customer router profiles');
  await expect(page.getByText('No customers added yet')).toBeVisible();
  // spec §4: the banner clears after 5 seconds.
  await expect(banner(page)).toBeHidden({ timeout: 7000 });

  await page.getByRole('tab', { name: 'Device Assignment' }).click();
  for (const s of CUSTOMERS)
    await expect(page.getByTestId(`unassigned-HWTC${s.toUpperCase()}01`)).toBeVisible();
  await page.getByRole('button', { name: 'Auto-Match' }).click();
  await expect(banner(page)).toHaveText('Auto-matched 3 devices');
  await expect(page.getByLabel('Select HWTCSTRANGER01')).not.toBeChecked();
  await page.screenshot({ path: 'e2e/.artifacts/customer-routers-assign-1440.png', fullPage: true });
  await page.getByRole('button', { name: 'Assign Selected' }).click();
  await expect(banner(page)).toHaveText('Successfully assigned 3 devices');

  // The assignment pushes each profile: the routers now broadcast GT_{surname} with its password.
  for (const [index, surname] of CUSTOMERS.entries()) {
    const router = routers[index]!.devices[0]!;
    await expect.poll(() => router.getValue(SSID), { timeout: 30_000 }).toBe(`GT_${surname}`);
    expect(router.getValue(PASSPHRASE)).toBe(passwords[index]);
  }
  await expect(page.getByTestId('unassigned-HWTCHORVAT01')).toBeHidden();
  await expect(page.getByTestId('unassigned-HWTCSTRANGER01')).toBeVisible();

  await page.getByRole('tab', { name: 'Manage Profiles' }).click();
  await expect(page.getByTestId('customer-total')).toHaveText(String(before + 3));
  for (const [index, surname] of CUSTOMERS.entries()) {
    const row = page.getByTestId(`customer-profile-${surname}`);
    await expect(row.getByTestId('masked-password')).toHaveText(`${passwords[index]!.slice(0, 4)}****`);
    await expect(row).not.toContainText(passwords[index]!);
  }
  await page.getByLabel('Select Horvat', { exact: true }).check();
  await page.getByLabel('Select Novak', { exact: true }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Selected (2)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('customer,profile,ssid,password,serial_number,created_at');
  // Exactly the two selected rows (in the list's order, which is the server's).
  const rows = lines.slice(1).map((l) => l.split(',').slice(0, 4));
  expect(rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
    ['Horvat', 'Korisnik-Horvat', 'GT_Horvat', passwords[0]],
    ['Novak', 'Korisnik-Novak', 'GT_Novak', passwords[2]],
  ]);

  await page.getByRole('searchbox', { name: 'Search customer profiles' }).fill('GT_Bab');
  await expect(page.getByTestId('customer-total')).toHaveText('1');
  await page.getByRole('searchbox', { name: 'Search customer profiles' }).fill('');
  await expect(page.getByTestId('customer-total')).toHaveText(String(before + 3));
  await page.screenshot({ path: 'e2e/.artifacts/customer-routers-manage-1440.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/.artifacts/customer-routers-manage-390.png', fullPage: true });
  await page.getByRole('tab', { name: 'Manual Creation' }).click();
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/.artifacts/customer-routers-manual-390.png', fullPage: true });
  await page.getByRole('tab', { name: 'Device Assignment' }).click();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/.artifacts/customer-routers-assign-390.png', fullPage: true });
});

/** One line of the customer list the test imports, and what the import must make of it. */
interface ListLine {
  text: string;
  /** A customer row (not a comment or a blank line), and whether it must import. */
  customer?: { surname: string; good: boolean };
}

test('import 50 customers with bad rows mixed in: the summary, the table and the results CSV agree row by row, and exactly the good rows exist as profiles', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, server.url);
  const templates = await request.get(`${server.url}/api/templates`, { headers });
  const starter = ((await templates.json()) as { templates: { id: string; name: string }[] }).templates.find(
    (t) => t.name === 'Huawei EG8145V5 Residential',
  )!;
  // A router that already has its customer: imported by serial, then bootstrapped and given it.
  const first = await request.post(`${server.url}/api/profiles/bulk-import-csv`, {
    headers,
    data: {
      csvData: 'surname,password,serial_number\nZuzul,ZuzulPass2026,HWTCZUZUL01\n',
      templateId: starter.id,
    },
  });
  expect(((await first.json()) as { successful: number }).successful).toBe(1);
  const owned = (await startRouter(server.url, 'HWTCZUZUL{i:02}')).devices[0]!;
  await expect.poll(() => owned.getValue(SSID), { timeout: 30_000 }).toBe('GT_Zuzul');

  // 50 customer rows: 46 good (UTF-8 surnames, a quoted one with a comma, half without a password),
  // and 4 bad ones: no surname, a surname already in the file, a serial already in the file, and
  // the router that already has Zuzul. A comment line and a blank line in between are not rows.
  const lines: ListLine[] = [{ text: 'surname,password,serial_number' }];
  const good = (surname: string, rest: string) =>
    lines.push({ text: `${surname},${rest}`, customer: { surname, good: true } });
  const bad = (surname: string, rest: string) =>
    lines.push({ text: `${surname},${rest}`, customer: { surname, good: false } });
  good('Kovačević', 'Kovacevic2026,');
  good('Šimić', ',HWTCSIMIC50');
  good('"Perić, ml."', 'PericMl20260,');
  for (let i = 0; i < 43; i++) {
    const surname = `Uvoz${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;
    good(surname, i % 2 === 0 ? ',' : `${surname}Pass1,`);
    if (i === 5) lines.push({ text: '# the branch office list follows' });
    if (i === 11) bad('', 'NoSurname2026,');
    if (i === 17) bad('UvozAb', 'Duplicate2026,');
    if (i === 23) lines.push({ text: '' });
    if (i === 29) bad('Drugi', `Drugi20260,HWTCSIMIC50`);
    if (i === 35) bad('Novi', 'NoviPass2026,HWTCZUZUL01');
  }
  const csv = `${lines.map((l) => l.text).join('\n')}\n`;
  // The server's line numbers are the file's (the header is line 1).
  const rows = lines.flatMap((l, i) => (l.customer ? [{ line: i + 1, ...l.customer }] : []));
  expect(rows).toHaveLength(50);
  const goodRows = rows.filter((r) => r.good);
  expect(goodRows).toHaveLength(46);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, '/customer-routers');
  await page.getByRole('tab', { name: 'Import CSV' }).click();
  const form = page.getByRole('region', { name: 'Import CSV' });
  await form.getByRole('combobox', { name: 'Template' }).selectOption({
    label: 'Huawei EG8145V5 Residential (Huawei EG8145V5)',
  });
  await form.locator('input[type="file"]').setInputFiles({
    name: 'customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await form.getByRole('button', { name: 'Import 50 Customers' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('Import completed: 46 successful, 4 failed');
  await expect(banner(page)).toHaveText('Successfully imported 46 profiles');

  // The downloaded results CSV: one record per row, in order, with the file's line numbers.
  const records = await downloadImportResults(
    page,
    page.getByRole('button', { name: 'Download Results CSV' }),
  );
  expect(records.map((r) => [Number(r[0]), r[5]])).toEqual(
    rows.map((r) => [r.line, r.good ? 'success' : 'failed']),
  );
  const byLine = new Map(records.map((r) => [Number(r[0]), r]));
  expect(byLine.get(rows.find((r) => r.surname === '')!.line)![6]).toBe('Surname is required');
  expect(byLine.get(rows.find((r) => r.surname === 'UvozAb' && !r.good)!.line)![6]).toMatch(
    /^Duplicate surname/,
  );
  expect(byLine.get(rows.find((r) => r.surname === 'Drugi')!.line)![6]).toMatch(
    /^Duplicate serial number "HWTCSIMIC50"/,
  );
  expect(byLine.get(rows.find((r) => r.surname === 'Novi')!.line)![6]).toBe(
    'Serial number "HWTCZUZUL01" is a router that already has the profile "Korisnik-Zuzul" assigned',
  );
  const kovacevic = byLine.get(rows[0]!.line)!;
  expect(kovacevic.slice(1, 5)).toEqual(['Kovačević', 'GT_Kovacevic', 'Kovacevic2026', '']);
  expect(byLine.get(rows[2]!.line)!.slice(1, 3)).toEqual(['Perić, ml.', 'GT_Peric_ml']);
  expect(byLine.get(rows[1]!.line)![3]).toHaveLength(12);

  // The table on the screen says the same, row by row (passwords masked).
  const tableRows = page.getByRole('table', { name: 'Import results' }).locator('tbody tr');
  await expect(tableRows).toHaveCount(50);
  for (const [i, record] of records.entries()) {
    const cells = tableRows.nth(i).locator('td');
    await expect(cells.nth(0)).toHaveText(record[0]!);
    await expect(cells.nth(1)).toHaveText(record[5] === 'success' ? 'Success' : 'Failed');
    await expect(cells.nth(2)).toHaveText(record[1]!);
    await expect(cells.nth(6)).toHaveText(record[5] === 'success' ? record[7]! : record[6]!);
  }

  // Exactly the good rows exist as profiles, with the passwords the results file hands out.
  const answer = await request.get(`${server.url}/api/profiles`, { headers, params: { limit: 5000 } });
  const profiles = (
    (await answer.json()) as { profiles: { name: string; values: Record<string, unknown> }[] }
  ).profiles;
  const imported = new Map(
    profiles.filter((p) => records.some((r) => r[7] === p.name)).map((p) => [p.name, p.values]),
  );
  expect(imported.size).toBe(46);
  for (const record of records.filter((r) => r[5] === 'success')) {
    expect(imported.get(record[7]!)?.['wifi_password']).toBe(record[3]);
    expect(imported.get(record[7]!)?.['wifi_ssid']).toBe(record[2]);
  }
  for (const name of ['Korisnik-Novi', 'Korisnik-Drugi', 'Korisnik-'])
    expect(profiles.some((p) => p.name === name)).toBe(false);
  expect(profiles.filter((p) => p.name === 'Korisnik-UvozAb')).toHaveLength(1);
  // The router that was someone else's keeps its customer.
  expect(owned.getValue(SSID)).toBe('GT_Zuzul');
  await page.screenshot({ path: 'e2e/.artifacts/customer-routers-import-1440.png', fullPage: true });
});
