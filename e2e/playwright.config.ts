import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium; nothing downloads a browser.
const executablePath = process.env.PROVISOR_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  throw new Error(
    `Chromium not found at ${executablePath}. Install it with "apt-get install -y chromium" ` +
      'or set PROVISOR_CHROMIUM to its path.',
  );
}

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: process.env.CI === 'true',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
