// What a finished job produced (the contract's JobResult), as short lines for the device's job
// history: how much a read read, what was skipped and why, how a reboot came back, the version a
// firmware upgrade reports.
import type { Job } from '@provisor/server/contract';

/** Skipped names listed before "... and N more". */
const SKIPPED_SHOWN = 3;

export function jobResultLines(job: Pick<Job, 'type' | 'result'>): string[] {
  const r = job.result;
  if (!r) return [];
  const lines: string[] = [];
  if (r.count !== undefined) {
    const where = r.path ? ` of ${r.path}` : '';
    lines.push(`Read ${r.count} value${r.count === 1 ? '' : 's'}${where}`);
  }
  if (r.version !== undefined) lines.push(`Profile version ${r.version} pushed`);
  if (r.status === 1) lines.push('Applied at the next reboot (status 1)');
  if (r.commandKeyMatched === true) lines.push("Came back with M Reboot and the Reboot's CommandKey");
  if (r.commandKeyMatched === false) lines.push("Came back without the Reboot's CommandKey (1 BOOT alone)");
  if (r.softwareVersion) lines.push(`Reports version ${r.softwareVersion}`);
  const skipped = r.skipped ?? [];
  if (skipped.length > 0) {
    const what = job.type === 'apply-profile' ? 'not pushed' : 'not readable';
    lines.push(`${skipped.length} parameter${skipped.length === 1 ? '' : 's'} ${what}:`);
    for (const s of skipped.slice(0, SKIPPED_SHOWN)) lines.push(`${s.name} (${s.reason})`);
    if (skipped.length > SKIPPED_SHOWN) lines.push(`... and ${skipped.length - SKIPPED_SHOWN} more`);
  }
  return lines;
}
