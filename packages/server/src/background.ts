// Background work, beside the HTTP doors: the sweeper (idle CWMP sessions, silent devices, expired
// jobs, jobs whose device never reported back), pruning of revoked tokens and sign-in counts, recovery of jobs a stop interrupted, waking the
// devices that still have jobs once the server listens, and the load shedder's sampling while it does.
// Everything started here stops when the app closes.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Core } from './services';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export async function startBackgroundWork(
  app: FastifyInstance,
  { services, shedder, waker }: Core,
  config: Pick<Config, 'sweepIntervalMs'>,
): Promise<void> {
  const { auth, cwmp, devices, jobs, operations, stats, activity, performance, snapshots } = services;
  // Devices that informed before this start turn offline on time too.
  await devices.watchAll();
  app.addHook('onListen', async () => shedder.start());
  app.addHook('onClose', async () => shedder.stop());
  app.addHook('onClose', async () => waker.stop());

  const recovered = await jobs.recover();
  if (recovered > 0) app.log.info({ jobs: recovered }, 'jobs interrupted by the last stop will run again');
  // Once routers can reach us, wake the ones that still have jobs.
  app.addHook('onListen', async () => {
    const woken = await jobs.wakePending();
    if (woken > 0) app.log.info({ devices: woken }, 'woke devices with pending jobs');
  });

  // One sweeper: idle CWMP sessions time out, silent devices turn offline, old jobs expire, jobs that
  // waited too long for a router to come back from a reboot or report a transfer fail.
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    Promise.all([cwmp.sweep(), devices.sweepOffline(), jobs.expire(), jobs.failOverdueWaits()])
      .catch((err: unknown) => app.log.warn({ err }, 'sweep failed'))
      .finally(() => (sweeping = false));
  }, config.sweepIntervalMs);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    stats.stop();
    operations.stop();
    await cwmp.closeAll();
  });

  // Firmware campaigns move on by themselves, from where the database says they are.
  app.addHook('onListen', async () => services.campaigns.scheduler.start());
  app.addHook('onClose', async () => services.campaigns.stop());

  // The Dashboard's resources chart and trends (issue 18): samples while the server listens, a
  // snapshot of the counts each hour (and at start, unless one is recent), the activity log pruned.
  app.addHook('onListen', async () => performance.start());
  // Scheduled SQLite backups: checked each minute against the settings as they are then.
  app.addHook('onListen', async () => services.backups.start());
  app.addHook('onClose', async () => services.backups.stop());
  app.addHook('onClose', async () => performance.stop());
  const hourly = () =>
    Promise.all([
      snapshots.take().catch((err: unknown) => app.log.warn({ err }, 'taking a stats snapshot failed')),
      activity.prune().catch((err: unknown) => app.log.warn({ err }, 'pruning the activity log failed')),
      services.audit.prune().catch((err: unknown) => app.log.warn({ err }, 'pruning the audit log failed')),
    ]);
  app.addHook('onListen', async () => void (await hourly()));
  // Entries still buffered are written before the database closes.
  app.addHook('onClose', async () => activity.stop());

  const prune = setInterval(() => {
    auth
      .prune()
      .catch((err: unknown) => app.log.warn({ err }, 'pruning revoked tokens and sign-in counts failed'));
    void hourly();
  }, PRUNE_INTERVAL_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
}
