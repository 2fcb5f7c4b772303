// TR-069 Amendment 6, A.5: the ACS (8xxx) and CPE (9xxx) fault code tables. A CWMP fault is a protocol
// outcome, so it is a message value (rpc/fault.ts), never an exception.

/** Faults the ACS returns to the CPE. */
export const ACS_FAULTS: Readonly<Record<number, string>> = Object.freeze({
  8000: 'Method not supported',
  8001: 'Request denied (no reason specified)',
  8002: 'Internal error',
  8003: 'Invalid arguments',
  8004: 'Resources exceeded',
  8005: 'Retry request',
  8006: 'ACS version incompatible with CPE',
});

/** Faults the CPE returns to the ACS. */
export const CPE_FAULTS: Readonly<Record<number, string>> = Object.freeze({
  9000: 'Method not supported',
  9001: 'Request denied',
  9002: 'Internal error',
  9003: 'Invalid arguments',
  9004: 'Resources exceeded',
  9005: 'Invalid parameter name',
  9006: 'Invalid parameter type',
  9007: 'Invalid parameter value',
  9008: 'Attempt to set a non-writable parameter',
  9009: 'Notification request rejected',
  9010: 'File transfer failure',
  9011: 'Upload failure',
  9012: 'File transfer server authentication failure',
  9013: 'Unsupported protocol for file transfer',
  9014: 'Unable to join multicast group',
  9015: 'Unable to contact file server',
  9016: 'Unable to access file',
  9017: 'Unable to complete download',
  9018: 'File corrupted',
  9019: 'File authentication failure',
  9020: 'Unable to complete download within the specified time windows',
  9021: 'Cancellation of the transfer not permitted in its current state',
  9022: 'Invalid UUID format',
  9023: 'Unknown Execution Environment',
  9024: 'Disabled Execution Environment',
  9025: 'Deployment Unit to Execution Environment mismatch',
  9026: 'Duplicate Deployment Unit',
  9027: 'System resources exceeded',
  9028: 'Unknown Deployment Unit',
  9029: 'Invalid Deployment Unit state',
  9030: 'DU update: downgrade not permitted',
  9031: 'DU update: version not specified',
  9032: 'DU update: version already exists',
});

// The usual SOAP faultcode per CWMP code, as icwmp sends them (unverified for 9021+). Of the ACS
// faults, cwmp-acs-go answers 8001 with Server; invalid arguments is the client's doing.
const CLIENT_FAULTS: ReadonlySet<number> = new Set([8003, 9003, 9005, 9006, 9007, 9008]);

/** "Client" when the request was at fault, otherwise "Server". */
export function soapFaultCodeFor(code: number): 'Client' | 'Server' {
  return CLIENT_FAULTS.has(code) ? 'Client' : 'Server';
}

/** Name of a fault code, including the vendor and reserved ranges; undefined if none applies. */
export function faultName(code: number): string | undefined {
  const known = ACS_FAULTS[code] ?? CPE_FAULTS[code];
  if (known !== undefined) return known;
  if (code >= 8800 && code <= 8899) return 'Vendor-specific ACS fault';
  if (code >= 9800 && code <= 9899) return 'Vendor-specific CPE fault';
  if (code >= 9033 && code <= 9799) return 'Reserved CPE fault';
  return undefined;
}
