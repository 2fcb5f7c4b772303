// The seam between a CWMP session and whatever feeds it RPCs (the job engine). The session asks
// `next()` on the CPE's empty POST and after each answer; `complete()` receives the CPE's answer.
import type { AcsMethodRequest, CpeMethodRequest, CpeMethodResponse, CwmpFault } from '@provisor/cwmp';
import type { DeviceStatus } from '../../db/tables/devices';

export interface SessionContext {
  sessionId: string;
  deviceId: string;
  serialNumber: string;
  /** The device's status once the Inform was recorded. */
  deviceStatus: DeviceStatus;
  /**
   * Whether jobs may wait for the device: true when the Inform found pending or running jobs, or
   * when a job was created for it during the session. False lets a periodic session end without
   * asking the database for jobs.
   */
  jobsWaiting: boolean;
  /** Event codes of the Inform that opened the session. */
  events: readonly string[];
  /** CommandKeys by event code (`M Reboot` -> key), from the Inform. */
  commandKeys: ReadonlyMap<string, string>;
  remoteAddress: string;
  /** Scheme, host and port by which the CPE reached this server (for file URLs). */
  baseUrl: string;
}

/** Why an RPC got no answer. */
export type NoAnswer = { name: 'NoAnswer'; reason: 'timeout' | 'session-ended' | 'rpc-limit' };

export interface PendingRpc {
  request: CpeMethodRequest;
  complete(answer: CpeMethodResponse | CwmpFault | NoAnswer): Promise<void>;
}

export interface RpcSource {
  /** After the Inform is recorded and answered. */
  onSessionStart?(ctx: SessionContext): Promise<void>;
  /** A CPE request (TransferComplete, ...) that the session answered. */
  onCpeRequest?(ctx: SessionContext, request: AcsMethodRequest): Promise<void>;
  /** The next RPC for this device, or null when there is nothing to do. */
  next(ctx: SessionContext): Promise<PendingRpc | null>;
  onSessionEnd?(
    ctx: SessionContext,
    reason: 'completed' | 'timeout' | 'replaced' | 'rpc-limit',
  ): Promise<void>;
}

/** No jobs: every session ends after its CPE requests. */
export const emptyRpcSource: RpcSource = { next: async () => null };
