#!/usr/bin/env node
// Builds the console (packages/web -> packages/web/dist) when it is missing or older than its sources,
// so `npm start` and the browser tests always serve the current console.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages', 'web');
const built = join(web, 'dist', 'index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
  newest(join(web, p)),
);
const stale = !existsSync(built) || Math.max(...sources) > statSync(built).mtimeMs;
if (stale || process.argv.includes('--force')) {
  console.log('Building the console (packages/web)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@provisor/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The console build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}
