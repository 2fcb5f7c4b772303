// The CLI's live status: one line, rewritten in place on a terminal, printed periodically otherwise.
import type { FleetStats } from '../fleet/fleet';

export function formatStatus(s: FleetStats, lastError?: string): string {
  const cr = s.connectionRequests;
  let line =
    `devices ${s.devices}${s.offline > 0 ? ` (${s.offline} offline)` : ''} · sessions ok ${s.sessionsOk}` +
    ` · failed ${s.sessionsFailed} · in session ${s.inSession} · RPCs ${s.rpcs}` +
    ` · conn. requests ${cr.accepted} accepted, ${cr.busy} busy, ${cr.unauthorized} unauthorized`;
  if (lastError !== undefined && s.sessionsFailed > 0) line += ` · last error: ${lastError}`;
  return line;
}
