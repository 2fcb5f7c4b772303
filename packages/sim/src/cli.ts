// `npm run sim -- --acs http://127.0.0.1:3029/ --count 100 --model eg8145v5 --serial 'HWTC{i:06}'`
// Starts a fleet, shows a live status line, stops cleanly on SIGINT/SIGTERM or after --duration.
import { CommanderError } from 'commander';
import { buildCommand, parseCli } from './cli/options';
import { formatStatus } from './cli/status-line';
import { startFleet } from './fleet/fleet';
import type { Fleet } from './fleet/fleet';

function lastError(fleet: Fleet): string | undefined {
  let latest: { at: number; error: string } | undefined;
  for (const d of fleet.devices) {
    const e = d.sessionLog.entries.findLast((x) => x.kind === 'session-end' && !x.ok);
    if (e?.kind === 'session-end' && e.error !== undefined && (latest === undefined || e.at > latest.at)) {
      latest = { at: e.at, error: e.error };
    }
  }
  return latest?.error;
}

async function main(): Promise<number> {
  let config;
  try {
    config = parseCli(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') {
        console.log(buildCommand().helpInformation());
        return 0;
      }
      console.error(`provisor-sim: ${e.message.replace(/^error: /, '')}\nRun with --help for the options.`);
      return 2;
    }
    throw e;
  }
  let fleet: Fleet;
  try {
    fleet = await startFleet(config.fleet);
  } catch (e) {
    console.error(`provisor-sim: ${(e as Error).message}`);
    return 1;
  }
  const o = config.fleet;
  console.log(
    `provisor-sim: ${o.count} × ${fleet.model.name} (${fleet.model.manufacturer} ${fleet.model.productClass}) → ${o.acsUrl}; ` +
      `connection requests on ${fleet.crServer.urlFor('')}<serial>. Ctrl-C stops.`,
  );
  const tty = process.stdout.isTTY === true;
  // The latest failure is looked for among every device's log only when a session failed since the
  // last look: the scan is O(devices), and the status line runs every 0.2 s beside a wave.
  let failuresSeen = 0;
  let latestError: string | undefined;
  const show = () => {
    const stats = fleet.stats();
    if (stats.sessionsFailed !== failuresSeen) {
      failuresSeen = stats.sessionsFailed;
      latestError = lastError(fleet);
    }
    const line = formatStatus(stats, latestError);
    if (tty) process.stdout.write(`\r\x1b[2K${line.slice(0, (process.stdout.columns || 200) - 1)}`);
    else console.log(line);
  };
  const ticker = setInterval(show, tty ? 1000 : config.statusEvery * 1000);
  let stopping = false;
  const done = new Promise<void>((resolve) => {
    const stop = () => {
      if (stopping) return;
      stopping = true;
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (config.duration > 0) setTimeout(stop, config.duration * 1000).unref();
  });
  await done;
  clearInterval(ticker);
  show();
  if (tty) process.stdout.write('\n');
  await fleet.stop();
  const s = fleet.stats();
  console.log(
    `provisor-sim: stopped. ${s.sessionsOk} sessions ok, ${s.sessionsFailed} failed, ${s.rpcs} RPCs served.`,
  );
  return 0;
}

process.exitCode = await main();
