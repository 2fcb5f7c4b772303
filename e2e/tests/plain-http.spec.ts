// The console opened over plain HTTP by a name other than loopback, as an operator opens
// http://<server>:3029 from another machine. Chromium treats only loopback as a secure origin, so a
// policy that upgrades insecure requests sends every asset to https:// there and the page stays blank;
// the name is mapped to 127.0.0.1 so that the test stays on loopback.
import { chromium } from '@playwright/test';
import { expect, test } from '../support/fixtures';

test('the console loads over plain HTTP by a host name, its assets not upgraded to HTTPS', async ({
  server,
}) => {
  const port = new URL(server.url).port;
  const browser = await chromium.launch({
    executablePath: process.env.PROVISOR_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP acs.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
    await page.goto(`http://acs.test:${port}/login`);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(failed).toEqual([]);
  } finally {
    await browser.close();
  }
});
