// Issue 9, part 4: the console. Gzipped JavaScript the first page loads (the entry script and its
// modulepreloads in the built index.html), and the time from navigation until the Dashboard shows its
// numbers (the Total Devices card's value from GET /api/stats) in Chromium on loopback, signed in.
// Target: at most 250 KB of gzipped JavaScript for the first page.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { startProvisorProcess } from '../../test-support/provisor-process';
import { machine, printTable, writeResults } from '../lib/measure';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(repoRoot, 'packages', 'web', 'dist');
const PASSWORD = 'bench-admin-password';
const ROUNDS = 20;

const build = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'ensure-web-build.mjs')], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
].map((m) => m[1]!);
const files = scripts.map((src) => {
  const bytes = readFileSync(join(dist, src.replace(/^\//, '')));
  return { file: src, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const gzipTotal = files.reduce((n, f) => n + f.gzip, 0);

const server = await startProvisorProcess({
  env: { PROVISOR_ADMIN_PASSWORD: PASSWORD, PROVISOR_LOG_LEVEL: 'error' },
});
const browser = await chromium.launch({
  executablePath: process.env.PROVISOR_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
/** The Total Devices card's value: it exists only once /api/stats has answered (a spinner before). */
const dashboardNumbers = (page: Page) =>
  page.getByTestId('dashboard-totalDevices').filter({ hasText: /^\d+$/ });
const times: number[] = [];
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await dashboardNumbers(page).waitFor();
  for (let i = 0; i < ROUNDS; i++) {
    // A fresh page each time (the HTTP cache may keep the immutable assets, as a browser would).
    const fresh = await context.newPage();
    const t0 = performance.now();
    await fresh.goto(`${server.url}/`);
    await dashboardNumbers(fresh).waitFor();
    times.push(performance.now() - t0);
    await fresh.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
times.sort((a, b) => a - b);

printTable(
  files.map((f) => ({
    file: f.file,
    'raw KB': (f.raw / 1024).toFixed(1),
    'gzip KB': (f.gzip / 1024).toFixed(1),
  })),
);
printTable([
  {
    'first-page JS, gzip (KB)': (gzipTotal / 1024).toFixed(1),
    'target ≤ 250 KB': gzipTotal <= 250 * 1024 ? 'met' : 'NOT met',
    'navigation → numbers, median (ms)': times[Math.floor(times.length / 2)]!.toFixed(0),
    // Nearest rank: with 20 rounds, the 19th fastest.
    'p95 (ms)': times[Math.ceil(times.length * 0.95) - 1]!.toFixed(0),
    'worst (ms)': times[times.length - 1]!.toFixed(0),
  },
]);
console.log(
  `results: ${writeResults('console', { machine: machine(), files, gzipTotal, navigationMs: times })}`,
);
