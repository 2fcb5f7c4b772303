// The real Provisor server for browser tests: its own process, a free port, a temporary database.
import { startProvisorProcess, type ProvisorProcess } from '../../test-support/provisor-process';

export const ADMIN_PASSWORD = 'e2e-admin-password';
export const PROVIDER_NAME = 'E2E Fibre';

export type RunningServer = ProvisorProcess;

export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startProvisorProcess({ env: { PROVISOR_ADMIN_PASSWORD: ADMIN_PASSWORD, PROVIDER_NAME, ...env } });
}
