// Provisor in its own process for benchmarks, measured from outside as routers and operators see it.
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';

export const BENCH_PASSWORD = 'bench-admin-password';

export async function startProvisor(env: Record<string, string> = {}) {
  const server = await startProvisorProcess({
    env: {
      PROVISOR_ADMIN_PASSWORD: BENCH_PASSWORD,
      PROVISOR_WEB_DIST: '',
      PROVISOR_LOG_LEVEL: 'error',
      ...env,
    },
  });
  return { url: server.url, api: await apiClient(server.url, 'admin', BENCH_PASSWORD), stop: server.stop };
}

/**
 * The server for benchmarks of sessions: quiet logs, no console, and neither the first session's
 * connection-request credentials nor the background read of each new router's whole tree
 * (discover-tree): the sessions are measured, not that set-up.
 */
export const SESSION_BENCH_ENV = {
  PROVISOR_ADMIN_PASSWORD: BENCH_PASSWORD,
  PROVISOR_WEB_DIST: '',
  PROVISOR_LOG_LEVEL: 'error',
  PROVISOR_CR_SET_CREDENTIALS: 'false',
  PROVISOR_DISCOVER_TREE: 'false',
};
