// Issue 9, part 2: the provisioning wave. A profile of 13 parameters (the TR-181 starter template
// with the spec §9 defaults) is assigned to 10,000 simulated routers through the bulk API. The
// server and the simulator run in their own processes, as in a real deployment. Measures the time
// until every job is complete, connection requests and sessions per second, and failures.
// Target: 10,000 routers in under 60 s with no failure.
import { specProfileValues } from '../../test-support/spec-profile';
import { machine, printTable, writeResults } from '../lib/measure';
import { startWaveFleet } from '../lib/wave-fleet';
import { cpuSeconds } from '../session-throughput/load';

const COUNT = Number(process.env.WAVE_COUNT ?? 10_000);

const fleet = await startWaveFleet(COUNT, 'WAVE{i:05}');
try {
  const { api } = fleet;
  const bootStart = performance.now();
  let ids: string[] = [];
  for (;;) {
    // Every router has informed and received its connection-request credentials.
    const missing = await api<{ total: number }>('/api/devices/unassigned?limit=1&search=WAVE');
    const page = await api<{ total: number }>('/api/devices?limit=1&search=WAVE');
    if (page.total >= COUNT && missing.total >= COUNT && fleet.status().sessionsOk >= COUNT) {
      for (let offset = 0; offset < COUNT; offset += 1000) {
        const chunk = await api<{ devices: { id: string; connectionRequestUsername: string }[] }>(
          `/api/devices?limit=1000&offset=${offset}&search=WAVE`,
        );
        if (chunk.devices.some((d) => !d.connectionRequestUsername)) break;
        ids.push(...chunk.devices.map((d) => d.id));
      }
      if (ids.length === COUNT) break;
      ids = [];
    }
    if (performance.now() - bootStart > 300_000)
      throw new Error(`only ${page.total} of ${COUNT} routers came up`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const bootSeconds = (performance.now() - bootStart) / 1000;

  const templates = await api<{ templates: { id: string; name: string }[] }>('/api/templates?search=Generic');
  const template = templates.templates.find((t) => t.name === 'Generic TR-181 Router')!;
  const { profile } = await api<{
    profile: { id: string; parameterCount: number; validationStatus: string };
  }>('/api/profiles', {
    name: 'Kupac-Wave',
    templateId: template.id,
    values: specProfileValues('Wave'),
  });
  if (profile.validationStatus !== 'valid' || profile.parameterCount !== 13)
    throw new Error(`unexpected profile: ${JSON.stringify(profile)}`);

  const before = fleet.status();
  const cpuBefore = { server: cpuSeconds(fleet.serverPid), sim: cpuSeconds(fleet.simPid) };
  const started = performance.now();
  await api('/api/provisioning/assign-profile', { deviceIds: ids, profileId: profile.id });
  const assignSeconds = (performance.now() - started) / 1000;
  let stats = { completed: 0, failed: 0, pending: 0, running: 0 };
  // Once a second: jobs completed, routers in a session, connection requests refused as busy.
  const timeline: string[] = [];
  let nextMark = 1;
  for (;;) {
    stats = await api('/api/provisioning/stats');
    const t = (performance.now() - started) / 1000;
    if (t >= nextMark) {
      const s = fleet.status();
      timeline.push(
        `${nextMark}s ${stats.completed} done, ${stats.running} running, ${s.inSession} in session, ${s.crBusy - before.crBusy} busy`,
      );
      nextMark++;
    }
    if (stats.completed + stats.failed >= COUNT || performance.now() - started > 600_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  // What bounds the wave: the share of one core each process used while it ran.
  const busy = (pid: number, from: number) => `${((100 * (cpuSeconds(pid) - from)) / seconds).toFixed(0)}%`;
  const serverBusy = busy(fleet.serverPid, cpuBefore.server);
  const simBusy = busy(fleet.simPid, cpuBefore.sim);
  await fleet.settle();
  const last = fleet.status();
  const sessions = last.sessionsOk - before.sessionsOk;
  const crs = last.crAccepted - before.crAccepted;
  const rows = [
    {
      routers: String(COUNT),
      'boot (s)': bootSeconds.toFixed(1),
      'bulk call (s)': assignSeconds.toFixed(2),
      'all complete (s)': seconds.toFixed(1),
      'jobs/s': (stats.completed / seconds).toFixed(0),
      'sessions/s': (sessions / seconds).toFixed(0),
      'conn. requests/s': (crs / seconds).toFixed(0),
      completed: String(stats.completed),
      failed: String(stats.failed),
      'server CPU': serverBusy,
      'simulator CPU': simBusy,
      'under 20 s, no failure':
        seconds < 20 && stats.failed === 0 && stats.completed === COUNT ? 'yes' : 'NO',
    },
  ];
  console.log(timeline.join('\n'));
  printTable(rows);
  console.log(
    `results: ${writeResults('provisioning-wave', { machine: machine(), count: COUNT, seconds, sessions, connectionRequests: crs, stats, rows })}`,
  );
} finally {
  await fleet.stop();
}
