// `npm run bench` runs every bench/<name>/main.ts; `npm run bench -- NAME [NAME...]` runs the named
// ones. Each runs in its own Node process (tsx), so benchmarks do not share a warmed-up JIT or heap.
// `--cpu-prof` writes a V8 CPU profile per benchmark into bench/results/ (open it in Chrome DevTools).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(benchDir, d.name, 'main.ts')))
  .map((d) => d.name)
  .sort();

const args = process.argv.slice(2);
const profile = args.includes('--cpu-prof');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !available.includes(n));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ') || '(none)'}.`);
  console.error('Usage: npm run bench [-- NAME ...] [--cpu-prof]');
  process.exit(2);
}

let failed = 0;
for (const name of names.length > 0 ? names : available) {
  console.log(`\n== bench/${name}`);
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(benchDir, 'results')}`] : [];
  const r = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', join(benchDir, name, 'main.ts')], {
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    console.error(`bench/${name} failed (${r.signal ?? `exit ${r.status}`})`);
    failed++;
  }
}
process.exit(failed > 0 ? 1 : 0);
