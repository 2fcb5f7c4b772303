// Background work, beside the HTTP doors. Every process: its CWMP sessions' timeouts, the load
// shedder's sampling, the performance samples, waking the devices it has jobs for. One process at a
// time, the cluster's leader (modules/cluster; on SQLite the only process): the offline sweep, job
// expiry and overdue waits, taking over the jobs of a process that died, waking devices whose wake
// was lost, firmware campaigns, backups, the hourly snapshots and pruning. A process that starts
// leading picks these up where the last leader left them (the database says where); one that stops
// leading (it lost the database, or it closes) stops them. Everything started here stops when the app
// closes.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Core } from './services';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export async function startBackgroundWork(
  app: FastifyInstance,
  { services, shedder, waker }: Core,
  config: Pick<Config, 'sweepIntervalMs' | 'rewakeSeconds'>,
): Promise<void> {
  const { cwmp, devices, jobs, operations, stats, activity, performance, cluster, campaigns } = services;
  const log = app.log;
  app.addHook('onListen', async () => shedder.start());
  app.addHook('onClose', async () => shedder.stop());

  // On SQLite this is the only process: whatever a stop left running runs again.
  if (!cluster.shared) {
    const recovered = await jobs.reclaim([cluster.id], true);
    if (recovered > 0) log.info({ jobs: recovered }, 'jobs interrupted by the last stop will run again');
  }
  // Once routers can reach us, wake the ones that still have jobs.
  app.addHook('onListen', async () => {
    const woken = await jobs.wakePending();
    if (woken > 0) log.info({ devices: woken }, 'woke devices with pending jobs');
  });

  // Every process: its own sessions time out.
  const sessionSweep = setInterval(() => {
    cwmp.sweep().catch((err: unknown) => log.warn({ err }, 'ending idle CWMP sessions failed'));
  }, config.sweepIntervalMs);
  sessionSweep.unref();

  // The leader's duties.
  const duties = leaderDuties(app, services, config);
  const stopLeadership = cluster.onLeadership((leading) => (leading ? duties.start() : void duties.stop()));
  // A device that came online through another process is watched by the leader too.
  const watch = (deviceId: string) =>
    devices.watchIds([deviceId]).catch((err: unknown) => log.warn({ err }, 'watching a device failed'));
  const stopWatching = [
    services.bus.onRemote('device_status_update', ({ deviceId, status }) => {
      if (cluster.leading() && status !== 'offline') void watch(deviceId);
    }),
    services.bus.onRemote('device_interval_changed', ({ deviceId }) => {
      if (cluster.leading()) void watch(deviceId);
    }),
  ];
  const stopResync = cluster.onResync(() => {
    if (cluster.leading()) void duties.resync();
  });
  if (cluster.shared) {
    // Leading is decided once this process beats; it may lead at once, later, or never.
    app.addHook('onListen', async () => {
      await cluster.start();
      if (cluster.leading()) await duties.start();
    });
  } else {
    // The only process leads from the start: the sweeps now, the rest once routers can reach it.
    await duties.start({ listening: false });
    app.addHook('onListen', async () => duties.start());
  }

  app.addHook('onListen', async () => performance.start());
  app.addHook('onClose', async () => {
    clearInterval(sessionSweep);
    stopLeadership();
    for (const stop of stopWatching) stop();
    stopResync();
    await duties.stop();
    await cluster.stop();
    await campaigns.stop();
    stats.stop();
    operations.stop();
    performance.stop();
    // Before the sessions close: their end would wake the next routers.
    waker.stop();
    await cwmp.closeAll();
    // Entries still buffered are written before the database closes.
    await activity.stop();
  });
}

/** What the leader runs; start and stop may be called any number of times, in any order. */
function leaderDuties(
  app: FastifyInstance,
  services: Core['services'],
  config: Pick<Config, 'sweepIntervalMs' | 'rewakeSeconds'>,
) {
  const { auth, devices, jobs, activity, snapshots, cluster, campaigns, backups } = services;
  const log = app.log;
  let sweeper: NodeJS.Timeout | null = null;
  let prune: NodeJS.Timeout | null = null;
  let listening = false;
  let sweeping: Promise<unknown> | null = null;
  /** The first sweep of a leadership also takes the running jobs nobody holds (from before owners). */
  let firstSweep = true;

  async function sweep(): Promise<void> {
    const alive = await cluster.alive();
    const unowned = firstSweep && cluster.shared;
    firstSweep = false;
    await Promise.all([
      devices.sweepOffline(),
      jobs.expire(),
      jobs.failOverdueWaits(),
      jobs.reclaim(alive, unowned).then((n) => {
        if (n > 0) log.info({ jobs: n }, 'took over the jobs of a process that stopped');
      }),
      jobs.rewake(config.rewakeSeconds),
    ]);
  }

  const hourly = () =>
    Promise.all([
      snapshots.take().catch((err: unknown) => log.warn({ err }, 'taking a stats snapshot failed')),
      activity.prune().catch((err: unknown) => log.warn({ err }, 'pruning the activity log failed')),
      auth
        .prune()
        .catch((err: unknown) => log.warn({ err }, 'pruning revoked tokens and sign-in counts failed')),
      cluster.prune().catch((err: unknown) => log.warn({ err }, 'pruning stopped processes failed')),
      services.audit.prune().catch((err: unknown) => log.warn({ err }, 'pruning the audit log failed')),
    ]);

  return {
    resync,
    /**
     * Starts leading: the sweeps, and unless `listening` is false (a process that does not listen
     * yet), what needs routers to reach this server (campaigns) or runs on a schedule.
     */
    async start(o: { listening?: boolean } = {}): Promise<void> {
      if (!sweeper) await startSweeps();
      if (o.listening === false || listening) return;
      listening = true;
      // Firmware campaigns move on by themselves, from where the database says they are.
      campaigns.scheduler.start();
      // Scheduled SQLite backups: checked each minute against the settings as they are then.
      backups.start();
      // The Dashboard's trends: a snapshot of the counts each hour (and now, unless one is recent).
      prune = setInterval(() => void hourly(), PRUNE_INTERVAL_MS);
      prune.unref();
      void hourly();
    },
    async stop(): Promise<void> {
      if (sweeper) clearInterval(sweeper);
      if (prune) clearInterval(prune);
      sweeper = prune = null;
      if (listening) {
        listening = false;
        await campaigns.scheduler.stop();
        await backups.stop();
      }
      await sweeping;
    },
  };

  async function startSweeps(): Promise<void> {
    firstSweep = true;
    sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = sweep()
        .catch((err: unknown) => log.warn({ err }, 'sweep failed'))
        .finally(() => (sweeping = null));
    }, config.sweepIntervalMs);
    sweeper.unref();
    await resync();
  }

  /** Devices that informed to another process, or before this one led, turn offline on time too. */
  async function resync(): Promise<void> {
    await devices.watchAll().catch((err: unknown) => log.warn({ err }, 'watching the devices failed'));
  }
}
