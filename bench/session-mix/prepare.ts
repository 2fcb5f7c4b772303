// A Provisor server made ready for the session mix: every router registered once (a pass of the mix
// without jobs), then the jobs made (a SetParameterValues for the MIXS routers, a
// GetParameterValues for the MIXG ones), and their connection requests left to fail and settle.
// Used by session-mix and side-by-side.
import { apiClient } from '../../test-support/provisor-process';
import { runStatement } from '../lib/postgres';
import { BENCH_PASSWORD } from '../lib/provisor-server';
import { runLoad } from '../session-throughput/load';
import { GET_PATH, SET_PARAMETERS } from './mix';
import { mixRouters, type MixTemplates } from './router';

/** Registers every router and makes the jobs, on a server started with SESSION_BENCH_ENV. */
export async function prepareMixServer(
  url: string,
  o: { label: string; templates: MixTemplates; devices: number; databaseUrl?: string | undefined },
): Promise<void> {
  const registration = mixRouters(o.templates);
  const warm = await runLoad({
    url,
    // Fewer at once: a first session costs more (the device's rows are created), and the ACS sheds
    // new sessions with 503 when its event loop lags (PROVISOR_CWMP_SHED_LAG_MS).
    connections: 8,
    durationMs: 1_800_000,
    bodies: registration.bodies,
    session: registration.session,
    maxSessions: o.devices,
  });
  if (warm.failures > 0)
    throw new Error(
      `${warm.failures} sessions failed while registering the routers: ${registration.counts.unexpected.join(' | ')}`,
    );
  if (o.databaseUrl?.startsWith('postgres')) await runStatement(o.databaseUrl, 'ANALYZE');
  const api = await apiClient(url, 'admin', BENCH_PASSWORD);
  const sets = await api('/api/provisioning/bulk/set-parameters', {
    filter: { search: 'MIXS' },
    parameters: SET_PARAMETERS.map((p) => ({ ...p, type: 'string' })),
  });
  const gets = await api('/api/provisioning/bulk/get-parameters', {
    filter: { search: 'MIXG' },
    parameters: [GET_PATH],
  });
  console.log(
    `${o.label}: jobs created`,
    JSON.stringify(sets).slice(0, 200),
    JSON.stringify(gets).slice(0, 200),
  );
  // Let the jobs' connection requests fail and settle before the clock starts.
  await new Promise((r) => setTimeout(r, 3000));
}
