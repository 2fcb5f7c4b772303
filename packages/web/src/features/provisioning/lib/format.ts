// Display helpers of the Provisioning screen.

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toLocaleString();
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A failed job's CWMP fault code as the panel labels it (TR-069 Amendment 6, A.5: 9000-9899 are the
 * CPE's faults); the job's error text carries the fault string.
 */
export const faultLabel = (faultCode: number) => `CWMP fault ${faultCode}`;
