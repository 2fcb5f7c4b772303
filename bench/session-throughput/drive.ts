// Drives a running server with the throughput load (for profiling it by hand; see bench/README.md):
//   node --max-semi-space-size=32 --cpu-prof --import tsx packages/server/src/main.ts   (in one shell; the
//   flags npm start gives it: packages/server/src/node-flags.ts)
//   npx tsx bench/session-throughput/drive.ts http://127.0.0.1:3029 10
import { informBody, runLoad } from './load';

const url = process.argv[2] ?? 'http://127.0.0.1:3029';
const seconds = Number(process.argv[3] ?? 10);
const bodies = Array.from({ length: 10_000 }, (_, i) => informBody(i + 1));
await runLoad({ url, connections: 32, durationMs: 600_000, bodies, maxSessions: bodies.length });
const r = await runLoad({ url, connections: 32, durationMs: seconds * 1000, bodies });
console.log(`${(r.sessions / r.seconds).toFixed(0)} sessions/s, ${r.failures} failures`);
