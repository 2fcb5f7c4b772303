// Entry point: parse config once, build the app, listen, and shut down gracefully on a signal.
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const logger = pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', '*.password', 'password'], censor: '[redacted]' },
  });
  let app;
  try {
    app = await buildApp(config, { logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    logger.fatal({ err }, `Provisor could not start: ${(err as Error).message}`);
    await app?.close().catch(() => undefined);
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    `Provisor is listening on http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
