// Issue 21: a firmware campaign over 10,000 simulated routers (canary 100, then 10%, then 100%, no
// soak time). The server and the simulator run in their own processes, as in a real deployment.
// Measures the time until the campaign completes and how close the number of routers upgrading at
// once (the Download sent, not yet back on the new version) stayed to the limit set, sampled every
// 100 ms from the campaign's own counts.
import { machine, printTable, writeResults } from '../lib/measure';
import { startWaveFleet } from '../lib/wave-fleet';

const COUNT = Number(process.env.CAMPAIGN_COUNT ?? 10_000);
const LIMIT = Number(process.env.CAMPAIGN_MAX_CONCURRENT ?? 200);
const CANARY = Math.min(100, COUNT);
const VERSION = 'bench-campaign-2.0';

interface Counts {
  total: number;
  pending: number;
  upgrading: number;
  upgraded: number;
  failed: number;
}
interface Campaign {
  id: string;
  state: string;
  reason: string | null;
  counts: Counts;
}

const fleet = await startWaveFleet(COUNT, 'CAMP{i:05}');
try {
  const { api } = fleet;
  const bootStart = performance.now();
  for (;;) {
    const page = await api<{ total: number }>('/api/devices?limit=1&search=CAMP&status=online');
    if (page.total >= COUNT) break;
    if (performance.now() - bootStart > 300_000)
      throw new Error(`only ${page.total} of ${COUNT} routers came up`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const bootSeconds = (performance.now() - bootStart) / 1000;

  // The firmware image, uploaded as an operator would (multipart).
  const login = await fetch(`${fleet.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: fleet.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  form.append('kind', 'firmware');
  form.append('file', new Blob([`PROVISOR-FIRMWARE ${VERSION}\n`]), 'bench-fw.bin');
  const uploaded = await fetch(`${fleet.url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`upload failed: HTTP ${uploaded.status} ${await uploaded.text()}`);
  const fileId = ((await uploaded.json()) as { file: { id: string } }).file.id;

  const { group } = await api<{ group: { id: string; size: number } }>('/api/groups', {
    name: 'Bench fleet',
    filter: { search: 'CAMP' },
  });
  if (group.size !== COUNT) throw new Error(`the group has ${group.size} routers, not ${COUNT}`);

  const started = performance.now();
  let { campaign } = await api<{ campaign: Campaign }>('/api/campaigns', {
    name: 'Bench campaign',
    groupId: group.id,
    fileId,
    targetVersion: VERSION,
    canarySize: CANARY,
    waves: [10, 100],
    soakMinutes: 0,
    maxConcurrent: LIMIT,
  });
  let most = 0;
  const samples: number[] = [];
  while (!['completed', 'halted', 'cancelled'].includes(campaign.state)) {
    if (performance.now() - started > 1_800_000) throw new Error('the campaign took over 30 minutes');
    await new Promise((r) => setTimeout(r, 100));
    campaign = (await api<{ campaign: Campaign }>(`/api/campaigns/${campaign.id}`)).campaign;
    most = Math.max(most, campaign.counts.upgrading);
    samples.push(campaign.counts.upgrading);
  }
  const seconds = (performance.now() - started) / 1000;
  // How full the slots were while routers were left to start (the tail is the last few finishing).
  const busy = samples.filter((n) => n > 0);
  const mean = busy.reduce((a, b) => a + b, 0) / Math.max(1, busy.length);
  const rows = [
    {
      routers: String(COUNT),
      'boot (s)': bootSeconds.toFixed(1),
      state: campaign.state,
      'until done (s)': seconds.toFixed(1),
      'routers/s': (campaign.counts.upgraded / seconds).toFixed(0),
      upgraded: String(campaign.counts.upgraded),
      failed: String(campaign.counts.failed),
      limit: String(LIMIT),
      'most at once': String(most),
      'mean at once': mean.toFixed(0),
      'never above limit': most <= LIMIT ? 'yes' : 'NO',
    },
  ];
  printTable(rows);
  if (campaign.reason) console.log(`reason: ${campaign.reason}`);
  console.log(
    `results: ${writeResults('campaign', { machine: machine(), count: COUNT, limit: LIMIT, seconds, most, mean, counts: campaign.counts, rows })}`,
  );
} finally {
  await fleet.stop();
}
