// Display helpers of the Provisioning screen (times and sizes: src/lib/format.ts).

/**
 * A failed job's CWMP fault code as the panel labels it (TR-069 Amendment 6, A.5: 9000-9899 are the
 * CPE's faults); the job's error text carries the fault string.
 */
export const faultLabel = (faultCode: number) => `CWMP fault ${faultCode}`;
