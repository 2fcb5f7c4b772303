// Provisor in its own process for benchmarks, measured from outside as routers and operators see it.
import { apiClient, startProvisorProcess } from '../../test-support/provisor-process';

const BENCH_PASSWORD = 'bench-admin-password';

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
